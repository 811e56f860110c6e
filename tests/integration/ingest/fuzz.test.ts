import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";

const TYPES = [
  "trace-create",
  "span-create",
  "span-update",
  "generation-create",
  "generation-update",
  "event-create",
  "score-create",
  "observation-create",
  "sdk-log",
  "nope",
  "",
];
const FIELDS = [
  "id",
  "traceId",
  "name",
  "startTime",
  "endTime",
  "timestamp",
  "level",
  "model",
  "usage",
  "usageDetails",
  "costDetails",
  "value",
  "dataType",
  "input",
  "output",
  "metadata",
  "tags",
  "promptVersion",
  "__proto__",
  "constructor",
];

/** Events that are mostly almost right: a valid skeleton with random fields swapped for random JSON. */
const eventArb = fc.record({
  id: fc.oneof(fc.uuid(), fc.constant(""), fc.integer(), fc.constant(null)),
  type: fc.oneof(fc.constantFrom(...TYPES), fc.string()),
  timestamp: fc.oneof(
    fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((d) => d.toISOString()),
    fc.string(),
    fc.constant("2024-02-30T00:00:00Z"),
  ),
  body: fc.oneof(
    fc.dictionary(
      fc.constantFrom(...FIELDS),
      fc.oneof(fc.jsonValue(), fc.uuid(), fc.constantFrom("ERROR", "NUMERIC", "CATEGORICAL", "BOOLEAN"), fc.double()),
    ),
    fc.jsonValue(),
  ),
});

describe("fuzzing the ingest endpoints", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it("never answers 500 to thousands of malformed events and names every event in the answer", async () => {
    const events = fc.sample(eventArb, { numRuns: 3000, seed: 42 });
    const batches = Array.from({ length: 20 }, (_, i) => events.slice(i * 150, (i + 1) * 150));
    let total = 0;
    let rejected = 0;
    for (const batch of batches) {
      const res = await app.call("POST", "/v1/ingest", { body: { batch } });
      expect(res.status).toBe(207);
      const named = new Set([...res.body.successes, ...res.body.errors].map((r: { id: string }) => r.id));
      for (const [i, e] of batch.entries()) {
        expect(named.has(typeof e.id === "string" && e.id ? e.id : `#${i}`)).toBe(true);
      }
      for (const err of res.body.errors) {
        expect(err.status).toBe(400);
        expect(err.message.length).toBeGreaterThan(0);
      }
      total += batch.length;
      rejected += res.body.errors.length;
    }
    expect(total).toBeGreaterThan(2000);
    expect(rejected).toBeGreaterThan(total / 2);
    // What was accepted is applied without the worker failing on it.
    await app.drainQueues();
    const health = (await app.call("GET", "/v1/ingest/health")).body;
    expect(health).toMatchObject({ queueDepth: 0, queueInFlight: 0, dlqDepth: 0 });
  });

  it("never answers 500 to random OTLP bodies", async () => {
    const bodies = fc.sample(
      fc.oneof(
        fc.uint8Array({ maxLength: 2000 }),
        fc.jsonValue().map((v) => new TextEncoder().encode(JSON.stringify(v))),
      ),
      { numRuns: 200, seed: 7 },
    );
    for (const [i, bytes] of bodies.entries()) {
      const res = await fetch(`${app.url}/v1/otel/v1/traces`, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${app.admin.publicKey}:${app.admin.secretKey}`).toString("base64")}`,
          "content-type": i % 2 ? "application/x-protobuf" : "application/json",
        },
        body: bytes,
      });
      expect([200, 400]).toContain(res.status);
    }
  });
});
