import { randomUUID } from "node:crypto";
import { evalScoreId, inSample } from "@core/evaluators";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Key, newProject, uniq } from "../../support/projects";

/*
 * Backfill end to end (docs/evaluators.md, "Backfill"): preview, 202 at once, chunks on the eval worker,
 * progress, the cap, overwrite on a re-run, the resume schedule.
 */
describe("backfill", () => {
  let app: TestApp;
  let key: Key;

  beforeAll(async () => {
    app = await startTestApp();
    key = await newProject(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function evaluator(body: Record<string, unknown>): Promise<{ name: string; id: string }> {
    const name = uniq("bf");
    const res = await app.call("POST", "/v1/evaluators", { key, body: { name, ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { name, id: res.body.id };
  }
  const backfills = async (name: string) =>
    (await app.call("GET", `/v1/evaluators/backfills?evaluator=${name}`, { key })).body.data as any[];
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

  it("previews, queues (202 at once, 409 while one is queued), scores its sample in chunks and reports progress; a re-run overwrites", async () => {
    const tag = uniq("tag");
    const named = Array.from({ length: 30 }, () => randomUUID());
    const others = Array.from({ length: 5 }, () => randomUUID());
    await ingest(
      app,
      [
        ...named.map((id, i) =>
          ev("trace-create", { id, name: "checkout", output: "ok", tags: [tag], timestamp: minutesAgo(i + 1) }),
        ),
        ...others.map((id) => ev("trace-create", { id, name: "search", output: "ok", tags: [tag] })),
      ],
      { key },
    );
    const e = await evaluator({
      kind: "CODE",
      expression: "len(output) > 0",
      filterName: "checkout",
      samplingRate: 0.5,
    });
    const sampled = named.filter((id) => inSample(id, e.id, 0.5));
    expect(sampled.length).toBeGreaterThan(0);
    expect(sampled.length).toBeLessThan(30);
    const filter = encodeURIComponent(JSON.stringify([{ column: "tags", operator: "in", value: [tag] }]));

    const preview = await app.call(
      "GET",
      `/v1/evaluators/backfills/preview?evaluator=${e.name}&days=1&filter=${filter}`,
      { key },
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toEqual({ traces: 30, cap: 5000, wouldScore: sampled.length });

    const started = await app.call("POST", `/v1/evaluators/${e.name}/backfill`, {
      key,
      body: { days: 1, filter: [{ column: "tags", operator: "in", value: [tag] }] },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toEqual({
      id: expect.any(String),
      evaluator: e.name,
      status: "queued",
      total: sampled.length,
      cap: 5000,
    });
    const again = await app.call("POST", `/v1/evaluators/${e.name}/backfill`, { key, body: { days: 1 } });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(`A backfill of evaluator '${e.name}' is already queued or running`);
    expect((await backfills(e.name))[0]).toMatchObject({
      id: started.body.id,
      status: "queued",
      processed: 0,
      failed: 0,
      total: sampled.length,
    });

    await app.drainQueues();
    const [done] = await backfills(e.name);
    expect(done).toMatchObject({
      id: started.body.id,
      evaluator: e.name,
      status: "completed",
      total: sampled.length,
      processed: sampled.length,
      failed: 0,
      cap: 5000,
      capped: false,
      error: null,
    });
    expect(done.finishedAt).toMatch(/Z$/);
    for (const id of [...named, ...others]) {
      const scores = ((await app.call("GET", `/v1/traces/${id}`, { key })).body.scores as any[]).filter(
        (s) => s.source === "EVAL",
      );
      expect(scores.map((s) => s.id)).toEqual(sampled.includes(id) ? [evalScoreId(e.id, id, null)] : []);
    }
    const log = (await app.call("GET", `/v1/evaluators/${e.name}/executions?trigger=backfill&limit=100`, { key })).body
      .data as any[];
    expect(log).toHaveLength(sampled.length);

    // A second backfill once the first has ended: the same score ids, overwritten.
    const rerun = await app.call("POST", `/v1/evaluators/${e.name}/backfill`, {
      key,
      body: { days: 1, filter: JSON.stringify([{ column: "tags", operator: "in", value: [tag] }]) },
    });
    expect(rerun.status).toBe(202);
    await app.drainQueues();
    expect((await backfills(e.name)).map((b) => b.status)).toEqual(["completed", "completed"]);
    const scores = ((await app.call("GET", `/v1/traces/${sampled[0]}`, { key })).body.scores as any[]).filter(
      (s) => s.source === "EVAL",
    );
    expect(scores).toHaveLength(1);
  });

  it("an empty window completes with total 0; thread scope is refused; an unknown evaluator is 404; a bad filter is 400", async () => {
    const e = await evaluator({ kind: "CODE", expression: "len(output) > 0", filterName: uniq("nothing-named-so") });
    const res = await app.call("POST", `/v1/evaluators/${e.name}/backfill`, { key, body: { days: 3 } });
    expect(res.status).toBe(202);
    expect(res.body.total).toBe(0);
    await app.drainQueues();
    expect((await backfills(e.name))[0]).toMatchObject({ status: "completed", total: 0, processed: 0 });

    const thread = await evaluator({ kind: "CODE", expression: "len(input) > 0", scope: "thread" });
    const refused = await app.call("POST", `/v1/evaluators/${thread.name}/backfill`, { key, body: { days: 1 } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(
      `Evaluator '${thread.name}' has thread scope: thread-scope evaluators cannot be backfilled`,
    );
    expect(
      (await app.call("GET", `/v1/evaluators/backfills/preview?evaluator=${thread.name}&days=1`, { key })).status,
    ).toBe(400);
    expect((await app.call("POST", "/v1/evaluators/no-such/backfill", { key, body: { days: 1 } })).status).toBe(404);
    expect((await app.call("POST", `/v1/evaluators/${e.name}/backfill`, { key, body: { days: 0 } })).status).toBe(400);
    const bad = await app.call("POST", `/v1/evaluators/${e.name}/backfill`, {
      key,
      body: { days: 1, filter: [{ column: "nope", operator: "=", value: 1 }] },
    });
    expect(bad.status).toBe(400);
    expect(await backfills(thread.name)).toEqual([]);
  });

  it("scores observations in observation scope, judges through the mock provider", async () => {
    const traceId = randomUUID();
    const tag = uniq("obs");
    await ingest(
      app,
      [
        ev("trace-create", { id: traceId, output: "done", tags: [tag] }),
        ev("span-create", {
          id: `${traceId}-a`,
          traceId,
          name: "retrieve",
          output: "abc",
          endTime: new Date().toISOString(),
        }),
        ev("span-create", {
          id: `${traceId}-b`,
          traceId,
          name: "answer",
          output: "abcd",
          endTime: new Date().toISOString(),
        }),
      ],
      { key },
    );
    const obs = await evaluator({
      kind: "CODE",
      expression: "len(output) / 10",
      scope: "observation",
      filterName: "retrieve",
    });
    const judge = await evaluator({ prompt: "Rate {{output}}", provider: "mock", model: "mock-judge" });
    const filter = [{ column: "tags", operator: "in", value: [tag] }];
    for (const e of [obs, judge])
      expect(
        (await app.call("POST", `/v1/evaluators/${e.name}/backfill`, { key, body: { days: 1, filter } })).status,
      ).toBe(202);
    await app.drainQueues();
    const scores = ((await app.call("GET", `/v1/traces/${traceId}`, { key })).body.scores as any[]).filter(
      (s) => s.source === "EVAL",
    );
    expect(scores.find((s) => s.name === obs.name)).toMatchObject({ observationId: `${traceId}-a`, value: 0.3 });
    expect(scores.find((s) => s.name === judge.name)).toMatchObject({ observationId: null, dataType: "NUMERIC" });
    expect((await backfills(judge.name))[0]).toMatchObject({ status: "completed", processed: 1, failed: 0 });
  });

  it("caps a run at the newest 5000 traces of its window and records it", async () => {
    const tag = uniq("cap");
    const base = Date.now() - 3_600_000;
    const ids = Array.from({ length: 5010 }, (_, i) => ({
      id: randomUUID(),
      at: new Date(base + i * 100).toISOString(),
    }));
    await ingest(
      app,
      ids.map(({ id, at }) => ev("trace-create", { id, output: "x", tags: [tag], timestamp: at })),
      { key },
    );
    const e = await evaluator({ kind: "CODE", expression: "len(output) > 0" });
    const filter = [{ column: "tags", operator: "in", value: [tag] }];
    const res = await app.call("POST", `/v1/evaluators/${e.name}/backfill`, { key, body: { days: 1, filter } });
    expect(res.body).toMatchObject({ status: "queued", total: 5000, cap: 5000 });
    await app.drainQueues();
    expect((await backfills(e.name))[0]).toMatchObject({
      status: "completed",
      total: 5000,
      processed: 5000,
      failed: 0,
      capped: true,
    });
    // The ten oldest are left out.
    for (const { id } of ids.slice(0, 10))
      expect(((await app.call("GET", `/v1/traces/${id}`, { key })).body.scores as any[]).length).toBe(0);
    expect(((await app.call("GET", `/v1/traces/${ids[10]!.id}`, { key })).body.scores as any[]).length).toBe(1);
  });

  it("the backfill schedule resumes a run whose worker died, from where its progress stands", async () => {
    const tag = uniq("resume");
    const ids = Array.from({ length: 6 }, () => randomUUID());
    await ingest(
      app,
      ids.map((id) => ev("trace-create", { id, output: "y", tags: [tag] })),
      { key },
    );
    const e = await evaluator({ kind: "CODE", expression: "len(output) > 0" });
    const res = await app.call("POST", `/v1/evaluators/${e.name}/backfill`, {
      key,
      body: { days: 1, filter: [{ column: "tags", operator: "in", value: [tag] }] },
    });
    expect(res.status).toBe(202);
    // The job is lost and the run looks held by a worker that died two minutes ago, four traces in.
    const eval_ = app.deps.queues.eval;
    for (const m of await eval_.receive({ max: 10 })) await eval_.ack(m.receipt);
    await app.deps.db.execute(
      sql`UPDATE evaluator_backfills SET status = 'running', processed = 4, lease_until = now() - interval '1 minute', updated_at = now() - interval '2 minutes' WHERE id = ${res.body.id}`,
    );
    await app.drainQueues();
    expect((await backfills(e.name))[0]).toMatchObject({ status: "running", processed: 4 });

    expect(await app.trigger("backfill")).toEqual({ resumed: 1 });
    expect(await app.trigger("backfill")).toEqual({ resumed: 0 });
    await app.drainQueues();
    expect((await backfills(e.name))[0]).toMatchObject({ status: "completed", processed: 6, total: 6 });
    const log = (await app.call("GET", `/v1/evaluators/${e.name}/executions?trigger=backfill`, { key })).body
      .data as any[];
    expect(log).toHaveLength(2);
  });
});
