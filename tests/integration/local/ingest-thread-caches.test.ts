import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ev } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Receiver, startReceiver } from "../../support/receiver";

/*
 * What the API writes after start-up reaches the ingest worker's own thread under `npm start`
 * (docs/ingest.md, "The local worker"; docs/architecture.md, "In-process caches"): the thread's caches were
 * warmed before the write, and must not serve what they read before it.
 */
describe("the ingest worker's thread sees the API's writes", () => {
  let app: TestApp;
  let hook: Receiver;

  beforeAll(async () => {
    hook = await startReceiver();
    // The default: the worker drains on its own thread.
    app = await startTestApp({}, { background: true });
  });
  afterAll(async () => {
    await app?.close();
    await hook?.close();
  });

  const post = async (batch: unknown[]) => {
    const res = await app.call("POST", "/v1/ingest", { body: { batch } });
    expect(res.status, JSON.stringify(res.body)).toBe(207);
  };
  const readable = async (traceId: string) => {
    for (let round = 0; round < 150; round++) {
      const res = await app.call("GET", `/v1/traces/${traceId}`);
      if (res.status === 200) return res.body;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`trace ${traceId} never became readable`);
  };

  it("runs the ingest worker on its own thread by default", () => {
    expect(app.ingestThread?.threadId).toEqual(expect.any(Number));
  });

  it("delivers trace.created to a webhook created through the API after the thread read the project's automations", async () => {
    // A first trace makes the thread read (and cache) the project's automations while there are none.
    const before = randomUUID();
    await post([ev("trace-create", { id: before, name: "warm-up" })]);
    await readable(before);

    const made = await app.call("POST", "/v1/automations", {
      body: { name: "on-trace", trigger: "trace.created", action: "webhook", target: `${hook.url}/hook` },
    });
    expect(made.status).toBe(201);
    const traceId = randomUUID();
    await post([ev("trace-create", { id: traceId, name: "after-the-webhook" })]);

    const received = await hook.waitFor(1, 15_000);
    const envelope = JSON.parse(received[0]!.body);
    expect(envelope.type).toBe("trace.created");
    expect(JSON.stringify(envelope.data)).toContain(traceId);
    expect(JSON.stringify(hook.received.map((r) => r.body))).not.toContain(before);
  });

  it("keeps applying batches while a webhook delivery hangs: deliveries run off the worker's apply", async () => {
    hook.fallback = "hang";
    try {
      const before = hook.received.length;
      const first = randomUUID();
      await post([ev("trace-create", { id: first, name: "hangs" })]);
      // Its delivery arrived and is left unanswered: the relay waits for it (the outbound timeout is 10 s).
      await hook.waitFor(before + 1, 15_000);
      const started = Date.now();
      const next = Array.from({ length: 5 }, () => randomUUID());
      for (const id of next) await post([ev("trace-create", { id, name: "behind-a-hung-webhook" })]);
      for (const id of next) await readable(id);

      expect(Date.now() - started).toBeLessThan(8_000);
      // The hung delivery holds its run, not the background: a second run sends the later traces' deliveries
      // (to the same hanging target) while the first still waits.
      expect(hook.received[before]!.body).toContain(first);
      const later = await hook.waitFor(before + 2, 5_000);
      expect(next.some((id) => later[before + 1]!.body.includes(id))).toBe(true);
    } finally {
      hook.fallback = { status: 200 };
    }
  });

  it("scores online with an evaluator created through the API after start-up", async () => {
    const scoreName = `online-${randomUUID().slice(0, 8)}`;
    const made = await app.call("POST", "/v1/evaluators", {
      body: { name: scoreName, online: true, kind: "CODE", expression: "len(output) / 10", scoreName },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const traceId = randomUUID();
    await post([ev("trace-create", { id: traceId, name: "chat", output: "abcd" })]);

    let scores: { name: string; value: number }[] = [];
    for (let round = 0; round < 150 && scores.length === 0; round++) {
      scores = ((await readable(traceId)).scores as { name: string; value: number }[]).filter(
        (s) => s.name === scoreName,
      );
      if (scores.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(scores).toHaveLength(1);
    expect(scores[0]!.value).toBeCloseTo(0.4, 12);
  });
});
