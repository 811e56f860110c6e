import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { EventBridgeEventBus } from "@core/adapters/aws/eventbridge-event-bus";
import type { EventEnvelope } from "@core/platform/ports";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

/*
 * The EventBridge adapter's requests as EventBridge's JSON protocol takes them (AWS JSON 1.1, `AWSEvents.PutEvents`,
 * Signature V4), against a loopback stand-in that records each call and answers as told (no emulator runs here).
 */
interface Entry {
  EventBusName: string;
  Source: string;
  DetailType: string;
  Detail: string;
  Time: number;
}
interface Call {
  headers: Record<string, string | string[] | undefined>;
  entries: Entry[];
}
type Answer = { status: number; body: unknown };

let server: Server;
let endpoint = "";
let calls: Call[] = [];
let answers: ((entries: Entry[]) => Answer)[] = [];
let fallback: (entries: Entry[]) => Answer = (entries) => ({
  status: 200,
  body: { FailedEntryCount: 0, Entries: entries.map(() => ({ EventId: "x" })) },
});

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const entries = (JSON.parse(body) as { Entries: Entry[] }).Entries;
      calls.push({ headers: req.headers, entries });
      const answer = (answers.shift() ?? fallback)(entries);
      res.writeHead(answer.status, { "content-type": "application/x-amz-json-1.1" });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const event = (i: number, bytes = 10): EventEnvelope => ({
  id: `e${i}`,
  type: "score.created",
  projectId: "p1",
  timestamp: "2026-11-25T12:00:00.000Z",
  data: { pad: "x".repeat(bytes) },
});

describe("EventBridgeEventBus", () => {
  beforeEach(() => {
    calls = [];
    answers = [];
    fallback = (entries) => ({
      status: 200,
      body: { FailedEntryCount: 0, Entries: entries.map(() => ({ EventId: "x" })) },
    });
  });
  const bus = () =>
    new EventBridgeEventBus({
      busName: "sightline-test",
      region: "us-east-1",
      endpoint,
      credentials: { accessKeyId: "AKIDTEST", secretAccessKey: "secret" },
    });

  it("puts each event with the service's source, its type as detail-type and the envelope as detail, signed", async () => {
    const result = await bus().publish([event(1)]);

    expect(result).toEqual({ failed: [] });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers["x-amz-target"]).toBe("AWSEvents.PutEvents");
    expect(calls[0]!.headers["content-type"]).toBe("application/x-amz-json-1.1");
    expect(calls[0]!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/us-east-1\/events\/aws4_request, SignedHeaders=.*x-amz-target.*, Signature=[0-9a-f]{64}$/,
    );
    expect(calls[0]!.entries).toEqual([
      {
        EventBusName: "sightline-test",
        Source: "sightline",
        DetailType: "score.created",
        Detail: JSON.stringify(event(1)),
        Time: Date.parse("2026-11-25T12:00:00.000Z") / 1000,
      },
    ]);
  });

  it("sends at most ten entries per call", async () => {
    await bus().publish(Array.from({ length: 23 }, (_, i) => event(i)));

    expect(calls.map((c) => c.entries.length)).toEqual([10, 10, 3]);
  });

  it("keeps each call under 256 KB", async () => {
    await bus().publish(Array.from({ length: 5 }, (_, i) => event(i, 100 * 1024)));

    const sizes = calls.map((c) => c.entries.reduce((n, e) => n + Buffer.byteLength(e.Detail), 0));
    expect(sizes).toHaveLength(3);
    expect(sizes.every((s) => s < 256 * 1024)).toBe(true);
  });

  it("sends refused entries again and reports those still refused", async () => {
    answers = [
      () => ({
        status: 200,
        body: {
          FailedEntryCount: 2,
          Entries: [{ EventId: "a" }, { ErrorCode: "ThrottlingException" }, { ErrorCode: "InternalFailure" }],
        },
      }),
      () => ({
        status: 200,
        body: { FailedEntryCount: 1, Entries: [{ EventId: "b" }, { ErrorCode: "InternalFailure" }] },
      }),
    ];
    fallback = () => ({ status: 200, body: { FailedEntryCount: 1, Entries: [{ ErrorCode: "InternalFailure" }] } });

    const result = await bus().publish([event(1), event(2), event(3)]);

    expect(calls[1]!.entries.map((e) => JSON.parse(e.Detail).id)).toEqual(["e2", "e3"]);
    expect(calls[2]!.entries.map((e) => JSON.parse(e.Detail).id)).toEqual(["e3"]);
    expect(result).toEqual({ failed: ["e3"] });
  });

  it("reports an event too large for the bus without sending it, and a call EventBridge refuses as failed", async () => {
    fallback = () => ({
      status: 400,
      body: { __type: "ResourceNotFoundException", message: "Event bus sightline-test does not exist." },
    });

    const result = await bus().publish([event(1, 300 * 1024), event(2)]);

    expect(result.failed.sort()).toEqual(["e1", "e2"]);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.entries.every((e) => JSON.parse(e.Detail).id === "e2"))).toBe(true);
  });
});
