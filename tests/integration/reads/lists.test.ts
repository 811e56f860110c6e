import { randomUUID } from "node:crypto";
import * as Traces from "@core/traces";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { at, ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { allPages, get, type Key, newProject } from "./support";

/**
 * Three traces, ingested through the public endpoint:
 * - t1 "chat" (u1, session s1, path a/b, production, tag x): a span (0–1000 ms) and a
 *   generation (100–700 ms, 100/50 tokens, computed cost) whose update arrives a batch before its create;
 *   a trace score quality 0.9 and an observation score accuracy 0.4 on the generation.
 * - t2 "search" (u2, session s1, path a/c, staging): an ERROR generation with a client cost of 0.5, score tone=rude.
 * - t3 "chat" (u1, no session): an event; score quality 0.2.
 */
async function seed(app: TestApp, key: Key) {
  const id = () => randomUUID();
  const t = { t1: id(), t2: id(), t3: id() };
  const o = { span: id(), gen: id(), gen2: id(), event: id() };
  // The update first, in an earlier request: merging must not depend on order.
  await ingest(
    app,
    [
      ev(
        "generation-update",
        { id: o.gen, traceId: t.t1, endTime: at(700), output: "hello", usageDetails: { input: 100, output: 50 } },
        at(800),
      ),
    ],
    { key },
  );
  await ingest(
    app,
    [
      ev(
        "trace-create",
        {
          id: t.t1,
          name: "chat",
          userId: "u1",
          sessionId: "s1",
          sessionPath: "a/b",
          environment: "production",
          tags: ["x"],
          input: "hi",
          timestamp: at(0),
        },
        at(0),
      ),
      ev(
        "span-create",
        { id: o.span, traceId: t.t1, name: "retrieve", startTime: at(0), endTime: at(1000), environment: "production" },
        at(0),
      ),
      ev(
        "generation-create",
        {
          id: o.gen,
          traceId: t.t1,
          parentObservationId: o.span,
          name: "llm",
          model: "gpt-4o-mini",
          startTime: at(100),
          environment: "production",
        },
        at(100),
      ),
      ev(
        "trace-create",
        {
          id: t.t2,
          name: "search",
          userId: "u2",
          sessionId: "s1",
          sessionPath: "a/c",
          environment: "staging",
          timestamp: at(60_000),
        },
        at(60_000),
      ),
      ev(
        "generation-create",
        {
          id: o.gen2,
          traceId: t.t2,
          name: "llm",
          model: "claude-x",
          startTime: at(60_000),
          endTime: at(62_000),
          level: "ERROR",
          costDetails: { total: 0.5 },
          environment: "staging",
        },
        at(60_000),
      ),
      ev("trace-create", { id: t.t3, name: "chat", userId: "u1", timestamp: at(120_000) }, at(120_000)),
      ev("event-create", { id: o.event, traceId: t.t3, name: "cache-miss", startTime: at(120_000) }, at(120_000)),
      ev(
        "score-create",
        { id: `q-${t.t1}`, traceId: t.t1, name: "quality", value: 0.9, timestamp: at(1_000) },
        at(1_000),
      ),
      ev(
        "score-create",
        { id: `a-${o.gen}`, traceId: t.t1, observationId: o.gen, name: "accuracy", value: 0.4, timestamp: at(1_000) },
        at(1_000),
      ),
      ev(
        "score-create",
        { id: `t-${t.t2}`, traceId: t.t2, name: "tone", value: "rude", dataType: "CATEGORICAL", timestamp: at(61_000) },
        at(61_000),
      ),
      ev(
        "score-create",
        { id: `q-${t.t3}`, traceId: t.t3, name: "quality", value: 0.2, timestamp: at(121_000) },
        at(121_000),
      ),
    ],
    { key },
  );
  return { t, o };
}

describe("telemetry lists: traces, observations, scores, sessions", () => {
  let app: TestApp;
  let key: Key & { id: string };
  let t: Awaited<ReturnType<typeof seed>>["t"];
  let o: Awaited<ReturnType<typeof seed>>["o"];

  beforeAll(async () => {
    app = await startTestApp();
    key = await newProject(app);
    ({ t, o } = await seed(app, key));
  });
  afterAll(() => app?.close());

  it("lists traces newest first with observation count, cost and latency", async () => {
    const res = await get(app, key, "/v1/traces");

    expect(res.status).toBe(200);
    expect(res.body.nextCursor).toBeNull();
    expect(res.body.data.map((x: any) => x.id)).toEqual([t.t3, t.t2, t.t1]);
    const t1 = res.body.data[2];
    expect(t1).toMatchObject({
      name: "chat",
      userId: "u1",
      sessionId: "s1",
      sessionPath: "a/b",
      environment: "production",
      tags: ["x"],
      observationCount: 2,
      latencyMs: 1000,
      timestamp: at(0),
    });
    expect(t1.totalCost).toBeGreaterThan(0);
    expect(t1).not.toHaveProperty("input");
    expect(res.body.data[1]).toMatchObject({ totalCost: 0.5, latencyMs: 2000, observationCount: 1 });
    expect(res.body.data[0]).toMatchObject({ environment: "default", totalCost: null, sessionId: null });
  });

  it("pages with an opaque cursor in both orders, without gaps or repeats", async () => {
    const desc = await allPages(app, key, "/v1/traces", { limit: "1" });
    const asc = await allPages(app, key, "/v1/traces", { limit: "2", order: "asc" });
    const obs = await allPages(app, key, "/v1/observations", { limit: "1" });

    expect(desc.map((x) => x.id)).toEqual([t.t3, t.t2, t.t1]);
    expect(asc.map((x) => x.id)).toEqual([t.t1, t.t2, t.t3]);
    expect(obs.map((x) => x.id)).toEqual([o.event, o.gen2, o.gen, o.span]);
  });

  it("gives the same pages on the candidate path as on the full fold, whatever the candidate read size", async () => {
    const full = await Traces.listObservations(app.deps, key.id, {
      ...Traces.ListObservationsQuery.parse({}),
      limit: 2,
    });
    for (const candidateRows of [1, 2, 3, 50]) {
      const pages: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await Traces.listObservations(
          app.deps,
          key.id,
          { ...Traces.ListObservationsQuery.parse({}), limit: 2, cursor },
          { candidateRows },
        );
        pages.push(...page.data.map((x) => x.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(pages).toEqual([o.event, o.gen2, o.gen, o.span]);
    }
    expect(full.data.map((x) => x.id)).toEqual([o.event, o.gen2]);
  });

  it("folds an update that arrived before its create", async () => {
    const res = await get(app, key, "/v1/observations", { traceId: t.t1, orderBy: "startTime", order: "asc" });

    expect(res.body.data.map((x: any) => x.name)).toEqual(["retrieve", "llm"]);
    expect(res.body.data[1]).toMatchObject({
      type: "GENERATION",
      model: "gpt-4o-mini",
      startTime: at(100),
      endTime: at(700),
      latencyMs: 600,
      usageDetails: { input: 100, output: 50, total: 150 },
      costSource: "computed",
      parentObservationId: o.span,
    });
    expect(res.body.data[1]).not.toHaveProperty("output");
  });

  it("applies simple parameters", async () => {
    const names = async (path: string, q: Record<string, unknown>) =>
      (await get(app, key, path, q)).body.data.map((x: any) => x.id);

    expect(await names("/v1/traces", { name: "chat" })).toEqual([t.t3, t.t1]);
    expect(await names("/v1/traces", { userId: "u2" })).toEqual([t.t2]);
    expect(await names("/v1/traces", { sessionId: "s1" })).toEqual([t.t2, t.t1]);
    expect(await names("/v1/traces", { environment: "default" })).toEqual([t.t3]);
    expect(await names("/v1/traces", { tags: "x" })).toEqual([t.t1]);
    expect(await names("/v1/traces", { from: at(1), to: at(120_000) })).toEqual([t.t2]);
    expect(await names("/v1/observations", { type: "generation" })).toEqual([o.gen2, o.gen]);
    expect(await names("/v1/observations", { model: "claude-x" })).toEqual([o.gen2]);
    expect(await names("/v1/observations", { environment: "default" })).toEqual([o.event]);
    expect(await names("/v1/observations", { userId: "u1" })).toEqual([o.event, o.gen, o.span]);
    expect(await names("/v1/observations", { sessionId: "s1", level: "ERROR" })).toEqual([o.gen2]);
  });

  it("applies every filter operator", async () => {
    const ids = async (path: string, filter: unknown[]) => {
      const res = await get(app, key, path, { filter });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.map((x: any) => x.id);
    };

    expect(await ids("/v1/observations", [{ column: "name", operator: "=", value: "llm" }])).toEqual([o.gen2, o.gen]);
    expect(await ids("/v1/observations", [{ column: "name", operator: "!=", value: "llm" }])).toEqual([
      o.event,
      o.span,
    ]);
    expect(await ids("/v1/observations", [{ column: "latency", operator: ">", value: 1000 }])).toEqual([o.gen2]);
    expect(await ids("/v1/observations", [{ column: "latency", operator: ">=", value: 1000 }])).toEqual([
      o.gen2,
      o.span,
    ]);
    expect(await ids("/v1/observations", [{ column: "latency", operator: "<", value: 1000 }])).toEqual([o.gen]);
    expect(await ids("/v1/observations", [{ column: "latency", operator: "<=", value: 1000 }])).toEqual([
      o.gen,
      o.span,
    ]);
    expect(await ids("/v1/observations", [{ column: "type", operator: "in", value: ["EVENT", "span"] }])).toEqual([
      o.event,
      o.span,
    ]);
    expect(await ids("/v1/observations", [{ column: "name", operator: "contains", value: "RET" }])).toEqual([o.span]);
    expect(await ids("/v1/observations", [{ column: "cost", operator: ">=", value: 0.5 }])).toEqual([o.gen2]);
    expect(await ids("/v1/observations", [{ column: "totalTokens", operator: "=", value: 150 }])).toEqual([o.gen]);
    expect(
      await ids("/v1/observations", [
        { column: "startTime", operator: ">", value: at(0) },
        { column: "startTime", operator: "<", value: at(120_000) },
      ]),
    ).toEqual([o.gen2, o.gen]);
    expect(await ids("/v1/observations", [{ column: "level", operator: "!=", value: "DEFAULT" }])).toEqual([o.gen2]);
    expect(await ids("/v1/traces", [{ column: "tags", operator: "contains", value: "x" }])).toEqual([t.t1]);
    expect(await ids("/v1/traces", [{ column: "tags", operator: "!=", value: "x" }])).toEqual([t.t3, t.t2]);
    expect(await ids("/v1/traces", [{ column: "userId", operator: "in", value: ["u2", "nobody"] }])).toEqual([t.t2]);
    expect(await ids("/v1/traces", [{ column: "timestamp", operator: "<=", value: at(60_000) }])).toEqual([t.t2, t.t1]);
  });

  it("filters by scores.<name> whatever level the score is attached to", async () => {
    const ids = async (path: string, filter: unknown[]) =>
      (await get(app, key, path, { filter })).body.data.map((x: any) => x.id);

    // quality sits on traces: every observation of a trace scoring ≥ 0.5 matches.
    expect(await ids("/v1/observations", [{ column: "scores.quality", operator: ">=", value: 0.5 }])).toEqual([
      o.gen,
      o.span,
    ]);
    // accuracy sits on the generation only.
    expect(await ids("/v1/observations", [{ column: "scores.accuracy", operator: "<", value: 0.5 }])).toEqual([o.gen]);
    expect(await ids("/v1/observations", [{ column: "scores.tone", operator: "=", value: "rude" }])).toEqual([o.gen2]);
    expect(await ids("/v1/observations", [{ column: "scores.tone", operator: "in", value: ["polite"] }])).toEqual([]);
    // On traces, an observation's score counts for its trace.
    expect(await ids("/v1/traces", [{ column: "scores.accuracy", operator: "<", value: 0.5 }])).toEqual([t.t1]);
    expect(await ids("/v1/traces", [{ column: "scores.quality", operator: "<", value: 0.5 }])).toEqual([t.t3]);
    expect(await ids("/v1/traces", [{ column: "scores.tone", operator: "contains", value: "RU" }])).toEqual([t.t2]);
  });

  it("sorts the span explorer by latency, cost and name", async () => {
    const ids = async (q: Record<string, unknown>) =>
      (await get(app, key, "/v1/observations", q)).body.data.map((x: any) => x.id);

    expect(await ids({ orderBy: "latency", order: "desc" })).toEqual([o.gen2, o.span, o.gen, o.event]);
    expect(await ids({ orderBy: "latency", order: "asc" })).toEqual([o.gen, o.span, o.gen2, o.event]);
    expect((await ids({ orderBy: "cost", order: "desc" }))[0]).toBe(o.gen2);
    const byName = await allPages(app, key, "/v1/observations", { orderBy: "name", order: "asc", limit: "1" });
    expect(byName.map((x) => x.name)).toEqual(["cache-miss", "llm", "llm", "retrieve"]);
  });

  it("answers 400 for unknown columns, unsupported operators, bad values and foreign cursors", async () => {
    const bad = [
      { filter: [{ column: "password", operator: "=", value: "x" }] },
      { filter: [{ column: "tags", operator: ">", value: "x" }] },
      { filter: [{ column: "latency", operator: "=", value: "fast" }] },
      { filter: [{ column: "name", operator: "like", value: "x" }] },
      { filter: [{ column: "name", operator: "in", value: "x" }] },
      { filter: "not json" },
      { orderBy: "password" },
      { cursor: "garbage" },
      {
        cursor: Buffer.from(JSON.stringify({ o: "startTime", d: "desc", s: "not a time", k: ["a", "b"] })).toString(
          "base64url",
        ),
      },
    ];
    for (const q of bad) {
      const res = await get(app, key, "/v1/observations", q);
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(res.body.error.code).toBe("invalid_input");
    }
    const page = await get(app, key, "/v1/observations", { limit: "1" });
    const misuse = await get(app, key, "/v1/observations", { orderBy: "cost", cursor: page.body.nextCursor });
    expect(misuse.status).toBe(400);
    const odd = await get(app, key, "/v1/observations", {
      filter: [{ column: "name", operator: "=", value: "x'); DROP TABLE observations; --" }],
    });
    expect(odd.body.data).toEqual([]);
  });

  it("lists scores with filters on name, source, data type, trace, observation and value ranges", async () => {
    const ids = async (q: Record<string, unknown>) =>
      (await get(app, key, "/v1/scores", q)).body.data.map((x: any) => x.id);

    const all = await ids({});
    expect(all.slice(0, 2)).toEqual([`q-${t.t3}`, `t-${t.t2}`]);
    expect(all.slice(2).sort()).toEqual([`a-${o.gen}`, `q-${t.t1}`].sort());
    expect(await ids({ name: "quality" })).toEqual([`q-${t.t3}`, `q-${t.t1}`]);
    expect(await ids({ dataType: "CATEGORICAL" })).toEqual([`t-${t.t2}`]);
    expect(await ids({ source: "API", traceId: t.t1 })).toHaveLength(2);
    expect(await ids({ observationId: o.gen })).toEqual([`a-${o.gen}`]);
    expect(
      await ids({
        filter: [
          { column: "value", operator: ">", value: 0.3 },
          { column: "value", operator: "<", value: 0.95 },
        ],
      }),
    ).toHaveLength(2);
    expect(await ids({ filter: [{ column: "stringValue", operator: "=", value: "rude" }] })).toEqual([`t-${t.t2}`]);
    const tone = (await get(app, key, "/v1/scores", { name: "tone" })).body.data[0];
    expect(tone).toMatchObject({
      value: null,
      stringValue: "rude",
      dataType: "CATEGORICAL",
      source: "API",
      traceId: t.t2,
    });
  });

  it("lists sessions and rolls a session up, grouped by sessionPath segments", async () => {
    const sessions = await get(app, key, "/v1/sessions");
    const detail = await get(app, key, "/v1/sessions/s1", { groupBy: "sessionPath" });

    expect(sessions.body.data).toHaveLength(1);
    expect(sessions.body.data[0]).toMatchObject({
      id: "s1",
      traceCount: 2,
      userIds: ["u1", "u2"],
      environments: ["production", "staging"],
      firstTimestamp: at(0),
      lastTimestamp: at(60_000),
    });
    expect(sessions.body.data[0].totalCost).toBeGreaterThan(0.5);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: "s1", traceCount: 2, tracesTruncated: false });
    expect(detail.body.traces.map((x: any) => x.id)).toEqual([t.t1, t.t2]);
    expect(detail.body.totalCost).toBeCloseTo(sessions.body.data[0].totalCost, 12);
    expect(detail.body.groups).toHaveLength(1);
    expect(detail.body.groups[0]).toMatchObject({ segment: "a", path: "a", traceCount: 2, traces: [] });
    expect(detail.body.groups[0].children.map((g: any) => [g.path, g.traceCount, g.traces[0].id])).toEqual([
      ["a/b", 1, t.t1],
      ["a/c", 1, t.t2],
    ]);
    expect((await get(app, key, "/v1/sessions/nope")).status).toBe(404);
    expect((await get(app, key, "/v1/sessions", { userId: "u2" })).body.data[0]).toMatchObject({ traceCount: 1 });
  });

  it("lists end users most recently active first, with their traces' sessions, environments, cost and tokens", async () => {
    const users = await get(app, key, "/v1/users");
    const first = await get(app, key, "/v1/users", { limit: 1 });
    const second = await get(app, key, "/v1/users", { limit: 1, cursor: first.body.nextCursor });
    const staging = await get(app, key, "/v1/users", { environment: "staging" });
    const early = await get(app, key, "/v1/users", { to: at(60_000) });

    expect(users.status).toBe(200);
    expect(users.body.nextCursor).toBeNull();
    expect(users.body.data.map((u: any) => u.id)).toEqual(["u1", "u2"]);
    expect(users.body.data[0]).toMatchObject({
      traceCount: 2,
      sessionCount: 1,
      firstTimestamp: at(0),
      lastTimestamp: at(120_000),
      environments: ["default", "production"],
      totalTokens: 150,
    });
    expect(users.body.data[0].totalCost).toBeGreaterThan(0);
    expect(users.body.data[1]).toEqual({
      id: "u2",
      traceCount: 1,
      sessionCount: 1,
      firstTimestamp: at(60_000),
      lastTimestamp: at(60_000),
      environments: ["staging"],
      totalCost: 0.5,
      totalTokens: null,
    });
    expect([...first.body.data, ...second.body.data]).toEqual(users.body.data);
    expect(second.body.nextCursor).toBeNull();
    expect(staging.body.data.map((u: any) => u.id)).toEqual(["u2"]);
    // Summed over the selected traces only: u1's later trace is outside the window.
    expect(early.body.data[0]).toMatchObject({
      id: "u1",
      traceCount: 1,
      lastTimestamp: at(0),
      environments: ["production"],
    });
    expect((await get(app, key, "/v1/users", { cursor: "garbage" })).status).toBe(400);
  });

  it("keeps projects apart", async () => {
    const other = await newProject(app);

    for (const path of ["/v1/traces", "/v1/observations", "/v1/scores", "/v1/sessions", "/v1/users"])
      expect((await get(app, other, path)).body.data).toEqual([]);
    expect((await get(app, other, "/v1/sessions/s1")).status).toBe(404);
    expect((await get(app, other, "/v1/metrics", { from: at(-1000), to: at(1_000_000) })).body.data).toEqual([]);
  });
});
