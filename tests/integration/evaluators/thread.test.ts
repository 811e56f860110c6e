import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Key, newProject, uniq } from "../../support/projects";

/*
 * Thread scope end to end with an injected clock (docs/evaluators.md, "Thread scope"): the ingest worker keeps
 * each session's activity, the thread-cooldown schedule claims quiet sessions and the eval worker judges them.
 */
describe("thread scope", () => {
  let app: TestApp;
  let key: Key;
  let now = Date.parse("2026-11-25T12:00:00.000Z");
  const advance = (seconds: number) => (now += seconds * 1000);

  beforeAll(async () => {
    app = await startTestApp();
    // Every part of the service reads this clock: ingest's activity time, the job's quiet test.
    app.deps.clock = { now: () => new Date(now) };
  });
  // A project per test, so each sees only its own thread evaluators.
  beforeEach(async () => {
    key = await newProject(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function evaluator(body: Record<string, unknown>): Promise<{ name: string; id: string }> {
    const name = uniq("thread");
    const res = await app.call("POST", "/v1/evaluators", {
      key,
      body: { name, scope: "thread", online: true, cooldownSeconds: 60, ...body },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { name, id: res.body.id };
  }
  const turn = (sessionId: string, input: string, output: string) => {
    const id = randomUUID();
    return { id, event: ev("trace-create", { id, sessionId, input, output, timestamp: new Date(now).toISOString() }) };
  };
  const threadScores = async (traceId: string, name: string) =>
    ((await app.call("GET", `/v1/traces/${traceId}`, { key })).body.scores as any[]).filter(
      (s) => s.source === "EVAL" && s.name === name,
    );
  const cooldown = async () => (await app.trigger("thread-cooldown")) as { sessions: number; queued: number };

  it("judges a session once it has been quiet for the cooldown, once; a new turn re-arms it", async () => {
    const e = await evaluator({ kind: "CODE", expression: "len(input) / 4" });
    const session = uniq("s");
    const first = turn(session, "hi", "hello");
    await ingest(app, [first.event], { key });
    advance(10);
    const second = turn(session, "how are you?", "fine");
    await ingest(app, [second.event], { key });

    advance(30);
    expect((await cooldown()).queued).toBe(0);
    await app.drainQueues();
    expect(await threadScores(second.id, e.name)).toEqual([]);

    advance(31);
    expect((await cooldown()).queued).toBe(1);
    await app.drainQueues();
    const [score] = await threadScores(second.id, e.name);
    // Two turns: the transcript is the scored input.
    expect(score).toMatchObject({ value: 0.5, sessionId: session, traceId: second.id, source: "EVAL" });
    expect(await threadScores(first.id, e.name)).toEqual([]);
    advance(120);
    expect((await cooldown()).queued).toBe(0);
    await app.drainQueues();
    expect(await threadScores(second.id, e.name)).toHaveLength(1);

    // A third turn re-arms the session: judged again after the quiet period, on the new latest trace.
    const third = turn(session, "bye", "goodbye");
    await ingest(app, [third.event], { key });
    advance(59);
    expect((await cooldown()).queued).toBe(0);
    advance(2);
    expect((await cooldown()).queued).toBe(1);
    await app.drainQueues();
    const [again] = await threadScores(third.id, e.name);
    expect(again).toMatchObject({ value: 0.75, sessionId: session });
    expect(again.id).not.toBe(score.id);
    const log = (await app.call("GET", `/v1/evaluators/${e.name}/executions?trigger=thread`, { key })).body
      .data as any[];
    expect(log.map((x) => [x.status, x.target])).toEqual([
      ["completed", { traceId: third.id, sessionId: session }],
      ["completed", { traceId: second.id, sessionId: session }],
    ]);
  });

  it("two overlapping runs of the job judge a session once", async () => {
    const e = await evaluator({ kind: "CODE", expression: "len(input) > 0" });
    const sessions = Array.from({ length: 5 }, () => uniq("o"));
    const turns = sessions.map((s) => turn(s, "q", "a"));
    await ingest(
      app,
      turns.map((t) => t.event),
      { key },
    );
    advance(61);
    const [a, b] = await Promise.all([cooldown(), cooldown()]);
    expect(a.queued + b.queued).toBe(5);
    await app.drainQueues();
    for (const t of turns) expect(await threadScores(t.id, e.name)).toHaveLength(1);
    const log = (await app.call("GET", `/v1/evaluators/${e.name}/executions?trigger=thread&limit=100`, { key })).body
      .data as any[];
    expect(log).toHaveLength(5);
  });

  it("judges threads through the mock provider; a session without thread evaluators' sample, or after the evaluator goes offline, is not judged", async () => {
    const judge = await evaluator({
      prompt: "Rate this conversation: {{input}}",
      provider: "mock",
      model: "mock-judge",
    });
    const none = await evaluator({ kind: "CODE", expression: "len(input) > 0", samplingRate: 0 });
    const session = uniq("j");
    const t = turn(session, "q", "a");
    await ingest(app, [t.event], { key });
    advance(61);
    await cooldown();
    await app.drainQueues();
    const [judged] = await threadScores(t.id, judge.name);
    expect(judged).toMatchObject({ sessionId: session, dataType: "NUMERIC" });
    expect(await threadScores(t.id, none.name)).toEqual([]);

    const off = await app.call("PUT", `/v1/evaluators/${judge.name}`, {
      key,
      body: {
        prompt: "Rate this conversation: {{input}}",
        provider: "mock",
        model: "mock-judge",
        scope: "thread",
        online: false,
      },
    });
    expect(off.status).toBe(200);
    const next = turn(session, "q2", "a2");
    await ingest(app, [next.event], { key });
    advance(61);
    await cooldown();
    await app.drainQueues();
    expect(await threadScores(next.id, judge.name)).toEqual([]);
  });
});
