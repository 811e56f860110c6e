import { fastIngestJob } from "@core/ingest/fast-queue-message";
import { IngestQueueMessage } from "@core/ingest/ingest.jobs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

// The worker's hand check of a queue message (docs/ingest.md, "Validation fast path") must answer as zod does:
// whatever it returns is zod's output, and whatever zod refuses it leaves to zod.

const NOW = "2026-11-29T10:00:00.000Z";
const event = (body: Record<string, unknown> = { id: "t1", name: "chat" }) => ({
  id: "e1",
  type: "trace-create",
  timestamp: NOW,
  body,
});
const batch = (extra: Record<string, unknown> = {}) => ({
  projectId: "p1",
  receivedAt: NOW,
  events: [event(), event({ id: "o1", traceId: "t1", usage: { input: 3 } })],
  ...extra,
});
const job = (extra: Record<string, unknown> = {}) => ({ projectId: "p1", blobKey: "b/1", receivedAt: NOW, ...extra });

/** Asserts the hand check agrees with zod on `message` and returns whether it took it. */
function agrees(message: unknown): boolean {
  const fast = fastIngestJob(message);
  const zod = IngestQueueMessage.safeParse(message);
  if (fast === null) return false;
  expect(zod.success, JSON.stringify(message)).toBe(true);
  expect(fast).toStrictEqual(zod.data);
  return true;
}

describe("fastIngestJob", () => {
  it("takes the messages the API sends and returns zod's output", () => {
    const messages = [
      job(),
      job({ batch: batch() }),
      job({ batch: batch({ sdk: { name: "langfuse-python", version: "3.2.1", events: 2 } }) }),
      job({ batch: batch({ sdk: null, sampling: null }) }),
      job({ batch: batch({ sampling: { headRate: 0.5 } }) }),
      job({ batch: batch({ sampling: { headRate: 1, tail: null } }) }),
      job({ batch: batch({ sampling: { headRate: 1, tail: { keepErrors: true } } }) }),
      job({ batch: batch({ sampling: { headRate: 1, tail: { keepErrors: false, minCostUsd: 0.01 } } }) }),
      job({ batch: batch({ sampling: { headRate: 1, tail: { keepErrors: false, minCostUsd: null } } }) }),
      job({ batch: batch({ events: [] }) }),
    ];
    for (const message of messages) expect(agrees(JSON.parse(JSON.stringify(message)))).toBe(true);
  });

  it("copies each body without an own __proto__, as zod's record does", () => {
    const message = JSON.parse(
      JSON.stringify(job({ batch: batch({ events: [event()] }) })).replace('"name":"chat"', '"__proto__":{"x":1}'),
    );
    expect(Object.hasOwn(message.batch.events[0].body, "__proto__")).toBe(true);
    expect(agrees(message)).toBe(true);
    const out = fastIngestJob(message)!;
    expect(Object.hasOwn(out.batch!.events[0]!.body, "__proto__")).toBe(false);
    expect(out.batch!.events[0]!.body).not.toBe(message.batch.events[0].body);
  });

  it("leaves to zod what zod refuses, strips or reads as a replay", () => {
    const refused = [
      null,
      [],
      "text",
      { kind: "replay", projectId: "p1", replayId: "r1" },
      job({ kind: "other" }),
      job({ projectId: "" }),
      job({ blobKey: "" }),
      job({ receivedAt: 1 }),
      job({ batch: null }),
      job({ batch: [] }),
      job({ batch: batch({ events: {} }) }),
      job({ batch: batch({ events: [null] }) }),
      job({ batch: batch({ events: [{ ...event(), body: [] }] }) }),
      job({ batch: batch({ events: [{ ...event(), body: null }] }) }),
      job({ batch: batch({ events: [{ ...event(), id: 1 }] }) }),
      job({ batch: batch({ events: [{ ...event(), extra: 1 }] }) }),
      job({ batch: batch({ projectId: 1 }) }),
      job({ batch: batch({ sdk: { name: "x", version: "1" } }) }),
      job({ batch: batch({ sdk: { name: "x", version: "1", events: "2" } }) }),
      job({ batch: batch({ sampling: { headRate: "1" } }) }),
      job({ batch: batch({ sampling: { headRate: 1, tail: { keepErrors: "yes" } } }) }),
      job({ batch: batch({ sampling: { headRate: 1, tail: { keepErrors: true, minCostUsd: "1" } } }) }),
      job({ batch: batch({ extra: true }) }),
    ];
    for (const message of refused) expect(agrees(message), JSON.stringify(message)).toBe(false);
    expect(agrees(job({ batch: batch({ sdk: { name: "x", version: "1", events: Number.NaN } }) }))).toBe(false);
    expect(agrees(job({ batch: batch({ sampling: { headRate: Number.POSITIVE_INFINITY } }) }))).toBe(false);
  });

  it("agrees with zod on generated messages", () => {
    const value = fc.jsonValue({ maxDepth: 2 });
    // Mostly well-formed, so that both answers are exercised: one field in ten is any JSON value instead.
    const field = (good: fc.Arbitrary<unknown>) =>
      fc.oneof({ weight: 9, arbitrary: good }, { weight: 1, arbitrary: value });
    const eventArb = fc.record(
      { id: field(fc.string()), type: field(fc.string()), timestamp: field(fc.string()), body: field(fc.object()) },
      { requiredKeys: ["id", "type", "timestamp"] },
    );
    const batchArb = fc.record(
      {
        projectId: field(fc.string()),
        receivedAt: field(fc.string()),
        events: field(fc.array(eventArb, { maxLength: 4 })),
        sdk: field(fc.option(fc.record({ name: fc.string(), version: fc.string(), events: fc.integer() }))),
        sampling: field(
          fc.option(
            fc.record(
              {
                headRate: field(fc.double()),
                tail: fc.option(fc.record({ keepErrors: field(fc.boolean()), minCostUsd: fc.option(fc.double()) })),
              },
              { requiredKeys: ["headRate"] },
            ),
          ),
        ),
      },
      { requiredKeys: ["projectId", "receivedAt", "events"] },
    );
    const jobArb = fc.record(
      {
        projectId: field(fc.string()),
        blobKey: field(fc.string()),
        receivedAt: field(fc.string()),
        batch: field(batchArb),
      },
      { requiredKeys: ["projectId", "blobKey", "receivedAt"] },
    );
    let taken = 0;
    fc.assert(
      fc.property(jobArb, (message) => {
        // As the worker sees it: the message's JSON text, parsed.
        const text = JSON.stringify(message);
        if (agrees(JSON.parse(text))) taken++;
      }),
      { numRuns: 2000, seed: 20261129 },
    );
    expect(taken).toBeGreaterThan(400);
  });
});
