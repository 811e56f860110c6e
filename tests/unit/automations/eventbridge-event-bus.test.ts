import { EventBridgeClient, PutEventsCommand } from "@aws-sdk/client-eventbridge";
import { EventBridgeEventBus } from "@core/adapters/aws/eventbridge-event-bus";
import type { EventEnvelope } from "@core/platform/ports";
import { mockClient } from "aws-sdk-client-mock";
import { beforeEach, describe, expect, it } from "vitest";

/** The EventBridge adapter's requests, checked against the SDK's own command shapes (no emulator runs here). */
const eventBridge = mockClient(EventBridgeClient);
const event = (i: number, bytes = 10): EventEnvelope => ({
  id: `e${i}`,
  type: "score.created",
  projectId: "p1",
  timestamp: "2026-11-25T12:00:00.000Z",
  data: { pad: "x".repeat(bytes) },
});
const entriesOf = (call: number) => eventBridge.commandCalls(PutEventsCommand)[call]!.args[0].input.Entries!;

describe("EventBridgeEventBus", () => {
  beforeEach(() => eventBridge.reset());
  const bus = () =>
    new EventBridgeEventBus({ client: new EventBridgeClient({ region: "us-east-1" }), busName: "sightline-test" });

  it("puts each event with the service's source, its type as detail-type and the envelope as detail", async () => {
    eventBridge.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: "1" }] });

    const result = await bus().publish([event(1)]);

    expect(result).toEqual({ failed: [] });
    expect(entriesOf(0)).toEqual([
      {
        EventBusName: "sightline-test",
        Source: "sightline",
        DetailType: "score.created",
        Detail: JSON.stringify(event(1)),
        Time: new Date("2026-11-25T12:00:00.000Z"),
      },
    ]);
  });

  it("sends at most ten entries per call", async () => {
    eventBridge
      .on(PutEventsCommand)
      .callsFake((input) => ({ FailedEntryCount: 0, Entries: input.Entries.map(() => ({ EventId: "x" })) }));

    await bus().publish(Array.from({ length: 23 }, (_, i) => event(i)));

    expect(eventBridge.commandCalls(PutEventsCommand).map((c) => c.args[0].input.Entries!.length)).toEqual([10, 10, 3]);
  });

  it("keeps each call under 256 KB", async () => {
    eventBridge
      .on(PutEventsCommand)
      .callsFake((input) => ({ FailedEntryCount: 0, Entries: input.Entries.map(() => ({ EventId: "x" })) }));

    await bus().publish(Array.from({ length: 5 }, (_, i) => event(i, 100 * 1024)));

    const sizes = eventBridge
      .commandCalls(PutEventsCommand)
      .map((c) => c.args[0].input.Entries!.reduce((n, e) => n + Buffer.byteLength(e.Detail!), 0));
    expect(sizes).toHaveLength(3);
    expect(sizes.every((s) => s < 256 * 1024)).toBe(true);
  });

  it("sends refused entries again and reports those still refused", async () => {
    eventBridge
      .on(PutEventsCommand)
      .resolvesOnce({
        FailedEntryCount: 2,
        Entries: [{ EventId: "a" }, { ErrorCode: "ThrottlingException" }, { ErrorCode: "InternalFailure" }],
      })
      .resolvesOnce({ FailedEntryCount: 1, Entries: [{ EventId: "b" }, { ErrorCode: "InternalFailure" }] })
      .resolves({ FailedEntryCount: 1, Entries: [{ ErrorCode: "InternalFailure" }] });

    const result = await bus().publish([event(1), event(2), event(3)]);

    expect(entriesOf(1).map((e) => JSON.parse(e.Detail!).id)).toEqual(["e2", "e3"]);
    expect(entriesOf(2).map((e) => JSON.parse(e.Detail!).id)).toEqual(["e3"]);
    expect(result).toEqual({ failed: ["e3"] });
  });

  it("reports an event too large for the bus without sending it, and a call that throws as failed", async () => {
    eventBridge.on(PutEventsCommand).rejects(new Error("network down"));

    const result = await bus().publish([event(1, 300 * 1024), event(2)]);

    expect(result.failed.sort()).toEqual(["e1", "e2"]);
    expect(
      eventBridge
        .commandCalls(PutEventsCommand)
        .every((c) => c.args[0].input.Entries!.every((e) => JSON.parse(e.Detail!).id === "e2")),
    ).toBe(true);
  });
});
