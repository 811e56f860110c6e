import { describe, expect, it } from "vitest";
import { type IngestProblem, SDK_NAME, SDK_VERSION, Sightline } from "../../../sdk/typescript/src/index.js";
import { fakeFetch, json, KEYS } from "./fake-fetch";

const client = (fetch: typeof globalThis.fetch, problems: IngestProblem[] = [], extra = {}) =>
  new Sightline({ ...KEYS, fetch, flushOnExit: false, onError: (p) => problems.push(p), ...extra });

describe("TypeScript SDK: tracing batched to /v1/ingest", () => {
  it("sends traces, spans, generations, events and scores in the ingest format with the sdk field and Basic auth", async () => {
    const service = fakeFetch();
    const sl = client(service.fetch, [], { environment: "test", release: "r1" });

    const trace = sl.trace({ name: "chat", userId: "u1", input: "hi" });
    const span = trace.span({ name: "retrieve" });
    const gen = span.generation({ name: "llm", model: "gpt-4o-mini", modelParameters: { temperature: 0 } });
    gen.end({ output: "hello", usageDetails: { input: 12, output: 3 }, costDetails: { input: 0.001, output: 0.002 } });
    span.end({ output: ["doc"] });
    const eventId = trace.event({ name: "cache-hit" });
    trace.score({ name: "helpful", value: 1, dataType: "BOOLEAN" });
    trace.update({ output: "hello" });
    await sl.flush();

    const [req] = service.calls;
    expect(req!.headers.authorization).toBe(`Basic ${Buffer.from("pk-sl-unit:sk-sl-unit").toString("base64")}`);
    expect(req!.body.sdk).toEqual({ name: SDK_NAME, version: SDK_VERSION });
    const batch = req!.body.batch as { id: string; type: string; timestamp: string; body: any }[];
    expect(batch.map((e) => e.type)).toEqual([
      "trace-create",
      "span-create",
      "generation-create",
      "generation-update",
      "span-update",
      "event-create",
      "score-create",
      "trace-create",
    ]);
    expect(new Set(batch.map((e) => e.id)).size).toBe(batch.length);
    expect(batch.every((e) => !Number.isNaN(Date.parse(e.timestamp)))).toBe(true);
    expect(batch[0]!.body).toMatchObject({
      id: trace.id,
      name: "chat",
      userId: "u1",
      input: "hi",
      environment: "test",
      release: "r1",
    });
    expect(batch[1]!.body).toMatchObject({
      id: span.id,
      traceId: trace.id,
      name: "retrieve",
      startTime: expect.any(String),
    });
    expect(batch[2]!.body).toMatchObject({
      id: gen.id,
      traceId: trace.id,
      parentObservationId: span.id,
      model: "gpt-4o-mini",
    });
    expect(batch[3]!.body).toMatchObject({
      id: gen.id,
      output: "hello",
      usageDetails: { input: 12, output: 3 },
      costDetails: { input: 0.001, output: 0.002 },
      endTime: expect.any(String),
    });
    expect(batch[5]!.body).toMatchObject({ id: eventId, traceId: trace.id, name: "cache-hit" });
    expect(batch[6]!.body).toMatchObject({ traceId: trace.id, name: "helpful", value: 1, dataType: "BOOLEAN" });
    expect(batch[6]!.body).not.toHaveProperty("observationId");
    await sl.shutdown();
  });

  it("reports the 207's per-event errors to onError and never throws them at the caller", async () => {
    const problems: IngestProblem[] = [];
    const service = fakeFetch((req) => {
      const [first, ...rest] = req.body.batch as { id: string }[];
      return json(207, {
        successes: rest.map((e) => ({ id: e.id, status: 201 })),
        errors: [{ id: first!.id, status: 400, message: "body.name: expected string" }],
      });
    });
    const sl = client(service.fetch, problems);

    sl.trace({ name: "a" });
    sl.trace({ name: "b" });
    await sl.flush();

    expect(problems).toEqual([
      expect.objectContaining({
        kind: "rejected",
        count: 1,
        status: 400,
        eventId: service.batches()[0]![0]!.id,
        message: expect.stringContaining("trace-create"),
      }),
    ]);
    expect(sl.stats()).toMatchObject({ sent: 1, failed: 1, queued: 0 });
    await sl.shutdown();
  });

  it("reports an event that cannot be serialised and still sends the rest", async () => {
    const problems: IngestProblem[] = [];
    const service = fakeFetch();
    const sl = client(service.fetch, problems);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;

    sl.trace({ name: "bad", input: cyclic });
    sl.trace({ name: "good" });
    await sl.flush();

    expect(service.batches()[0]!.map((e) => e.body.name)).toEqual(["good"]);
    expect(problems).toEqual([
      expect.objectContaining({ kind: "rejected", message: expect.stringContaining("cannot be serialised") }),
    ]);
    await sl.shutdown();
  });

  it("a callback that throws does not break the sender", async () => {
    const service = fakeFetch(() => json(400, { error: { code: "invalid_input", message: "bad envelope" } }));
    const sl = client(service.fetch, [], {
      onError: () => {
        throw new Error("user bug");
      },
    });

    sl.trace();
    await expect(sl.flush()).resolves.toBeUndefined();

    expect(sl.stats()).toMatchObject({ failed: 1, queued: 0 });
    await sl.shutdown();
  });

  it("flush() waits for what was queued before it; shutdown() refuses later events and counts them", async () => {
    const problems: IngestProblem[] = [];
    const service = fakeFetch();
    const sl = client(service.fetch, problems);

    for (let i = 0; i < 30; i++) sl.trace();
    await sl.shutdown();
    sl.trace();
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(service.batches().flat()).toHaveLength(30);
    expect(sl.stats()).toEqual({ queued: 0, sent: 30, failed: 0, dropped: 1 });
    expect(problems).toEqual([
      expect.objectContaining({ kind: "dropped", count: 1, message: expect.stringContaining("shut down") }),
    ]);
  });

  it("splits a request the service finds too large (413) in halves", async () => {
    const service = fakeFetch((req, i) =>
      i === 0
        ? json(413, { error: { code: "payload_too_large", message: "too large" } })
        : fakeFetch().fetch(req.url, { method: "POST", body: JSON.stringify(req.body) }),
    );
    const sl = client(service.fetch);

    for (let i = 0; i < 10; i++) sl.trace();
    await sl.flush();

    expect(service.batches().map((b) => b.length)).toEqual([10, 5, 5]);
    expect(sl.stats()).toMatchObject({ sent: 10, failed: 0 });
    await sl.shutdown();
  });
});
