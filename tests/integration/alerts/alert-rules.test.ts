import { randomUUID } from "node:crypto";
import { outboxEvents } from "@core/audit/audit.sql";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Key, newProject, uniq } from "../../support/projects";

const MINUTE = 60_000;

/*
 * Alert rules end to end (docs/automations.md, "Alert rules"): the rules through the API, the telemetry they
 * measure through ingest, the minute job by hand and the clock injected, transitions and their outbox events.
 */
describe("alert rules", () => {
  let app: TestApp;
  let key: Key & { id: string };
  let now = Date.parse("2026-11-25T12:00:00.000Z");
  const iso = (ms: number) => new Date(ms).toISOString();
  const minutesAgo = (m: number) => iso(now - m * MINUTE);

  beforeAll(async () => {
    app = await startTestApp();
    // The job reads this clock for its windows; ingest keeps the times the events carry.
    app.deps.clock = { now: () => new Date(now) };
  });
  // A project per test: the job checks every project's rules, each test looks at its own.
  beforeEach(async () => {
    key = await newProject(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  const create = async (body: Record<string, unknown>, k: Key = key) => {
    const res = await app.call("POST", "/v1/alerts", {
      key: k,
      body: { name: uniq("alert"), windowMinutes: 10, operator: ">", ...body },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; name: string };
  };
  const get = async (id: string, k: Key = key) => (await app.call("GET", `/v1/alerts/${id}`, { key: k })).body;
  const check = () => app.trigger("alerts");
  const alertEvents = async (projectId: string) =>
    (
      await app.deps.db
        .select()
        .from(outboxEvents)
        .where(and(eq(outboxEvents.projectId, projectId), like(outboxEvents.type, "alert.%")))
        .orderBy(asc(outboxEvents.seq))
    ).map((r) => ({ type: r.type, payload: r.payload as Record<string, unknown> }));
  /** A trace with one observation per entry, each starting `minutesAgo` and lasting `ms`. */
  const trace = (
    observations: {
      minutesAgo: number;
      ms: number;
      level?: string;
      model?: string;
      cost?: number;
      environment?: string;
    }[],
  ) => {
    const traceId = randomUUID();
    return observations.map((o) => {
      const start = now - o.minutesAgo * MINUTE;
      const body = {
        id: randomUUID(),
        traceId,
        startTime: iso(start),
        endTime: iso(start + o.ms),
        level: o.level,
        environment: o.environment,
      };
      return o.model
        ? ev(
            "generation-create",
            { ...body, model: o.model, costDetails: o.cost === undefined ? undefined : { total: o.cost } },
            iso(start),
          )
        : ev("span-create", body, iso(start));
    });
  };

  it("creates, lists, reads, replaces and deletes rules; a taken name is 409; each change is audited", async () => {
    const rule = await create({ name: "spend", metric: "costUsd", model: "gpt-4o", windowMinutes: 60, threshold: 5 });
    expect(rule).toMatchObject({
      name: "spend",
      metric: "costUsd",
      scoreName: null,
      environment: null,
      model: "gpt-4o",
      windowMinutes: 60,
      operator: ">",
      threshold: 5,
      state: "ok",
      lastValue: null,
      lastCheckedAt: null,
    });
    const taken = await app.call("POST", "/v1/alerts", {
      key,
      body: { name: "spend", metric: "traces", windowMinutes: 5, operator: "<", threshold: 1 },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe("Alert rule 'spend' exists");
    const other = await create({
      name: "quality",
      metric: "scoreMean",
      scoreName: "helpful",
      environment: "production",
      operator: "<",
      threshold: 0.5,
    });

    expect((await app.call("GET", "/v1/alerts", { key })).body.data.map((r: any) => r.name)).toEqual([
      "quality",
      "spend",
    ]);
    expect(await get(rule.id)).toMatchObject({ id: rule.id, name: "spend", state: "ok", history: [] });
    expect((await app.call("GET", "/v1/alerts/no-such-rule", { key })).status).toBe(404);

    const replaced = await app.call("PUT", `/v1/alerts/${rule.id}`, {
      key,
      body: {
        name: "spend-hourly",
        metric: "costUsd",
        environment: "production",
        windowMinutes: 60,
        operator: ">",
        threshold: 10,
      },
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({
      id: rule.id,
      name: "spend-hourly",
      environment: "production",
      model: null,
      threshold: 10,
      state: "ok",
    });
    const clash = await app.call("PUT", `/v1/alerts/${rule.id}`, {
      key,
      body: { name: "quality", metric: "traces", windowMinutes: 5, operator: ">", threshold: 1 },
    });
    expect(clash.status).toBe(409);
    expect(
      (
        await app.call("PUT", "/v1/alerts/no-such-rule", {
          key,
          body: { name: "x", metric: "traces", windowMinutes: 5, operator: ">", threshold: 1 },
        })
      ).status,
    ).toBe(404);

    const deleted = await app.call("DELETE", `/v1/alerts/${other.id}`, { key });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: other.id, name: "quality", deleted: true });
    expect((await app.call("GET", `/v1/alerts/${other.id}`, { key })).status).toBe(404);
    expect((await app.call("DELETE", `/v1/alerts/${other.id}`, { key })).status).toBe(404);
    const audit = (await app.call("GET", "/v1/audit-log?targetType=alert_rule", { key })).body.data.map((e: any) => [
      e.action,
      e.target.id,
    ]);
    expect(audit).toEqual([
      ["alert_rule.deleted", other.id],
      ["alert_rule.updated", rule.id],
      ["alert_rule.created", other.id],
      ["alert_rule.created", rule.id],
    ]);
  });

  it("answers 400 naming the field for a rule that does not hold together", async () => {
    const valid = { name: uniq("alert"), metric: "traces", windowMinutes: 5, operator: ">", threshold: 1 };
    const refused = async (body: Record<string, unknown>) => {
      const res = await app.call("POST", "/v1/alerts", { key, body: { ...valid, ...body } });
      expect(res.status).toBe(400);
      return res.body.error.message as string;
    };

    expect(await refused({ metric: "scoreMean" })).toBe(
      "Invalid body.scoreName: scoreMean needs the name of the score to average",
    );
    expect(await refused({ scoreName: "helpful" })).toBe("Invalid body.scoreName: scoreName applies only to scoreMean");
    expect(await refused({ metric: "scoreMean", scoreName: "helpful", model: "gpt-4o" })).toBe(
      "Invalid body.model: model does not apply to scoreMean: scores carry no model",
    );
    expect(await refused({ metric: "p99" })).toMatch(/^Invalid body\.metric: /);
    expect(await refused({ operator: ">=" })).toMatch(/^Invalid body\.operator: /);
    for (const windowMinutes of [0, 1441, 1.5, "5"])
      expect(await refused({ windowMinutes })).toMatch(/^Invalid body\.windowMinutes: /);
    expect(await refused({ threshold: null })).toMatch(/^Invalid body\.threshold: /);
    expect(await refused({ name: "" })).toMatch(/^Invalid body\.name: /);
    expect((await app.call("GET", "/v1/alerts", { key })).body.data).toEqual([]);
  });

  it("fires when the window's trace count crosses the threshold, once, and resolves when the window has passed", async () => {
    const rule = await create({ metric: "traces", windowMinutes: 10, threshold: 2 });
    const elsewhere = await newProject(app);
    const foreign = await create(
      { name: "same", metric: "traces", windowMinutes: 10, operator: ">", threshold: 0 },
      elsewhere,
    );
    await ingest(
      app,
      [
        ...trace([{ minutesAgo: 5, ms: 100 }]),
        ...trace([
          { minutesAgo: 4, ms: 100 },
          { minutesAgo: 3, ms: 100 },
        ]),
        ...trace([{ minutesAgo: 2, ms: 100 }]),
      ],
      { key },
    );
    // Outside the window: started 11 minutes ago.
    await ingest(app, trace([{ minutesAgo: 11, ms: 100 }]), { key });

    await check();

    const firing = await get(rule.id);
    expect(firing).toMatchObject({ state: "firing", lastValue: 3, lastCheckedAt: iso(now) });
    expect(firing.history).toEqual([
      { id: expect.any(String), state: "firing", value: 3, threshold: 2, createdAt: iso(now) },
    ]);
    expect(await alertEvents(key.id)).toEqual([
      {
        type: "alert.firing",
        payload: { alert: rule.name, alertId: rule.id, state: "firing", value: 3, threshold: 2 },
      },
    ]);
    // Another project's rule never counts this project's traces.
    expect(await get(foreign.id, elsewhere)).toMatchObject({ state: "ok", lastValue: 0, history: [] });
    expect(await alertEvents(elsewhere.id)).toEqual([]);

    now += MINUTE;
    await check();

    expect(await get(rule.id)).toMatchObject({
      state: "firing",
      lastValue: 3,
      lastCheckedAt: iso(now),
      history: [{ state: "firing" }],
    });
    expect(await alertEvents(key.id)).toHaveLength(1);

    // Nine minutes on, the window starts after every observation (the latest started at 11:58): no traces counts as 0.
    now += 8 * MINUTE;
    await check();

    const resolved = await get(rule.id);
    expect(resolved).toMatchObject({ state: "ok", lastValue: 0 });
    expect(resolved.history.map((t: any) => [t.state, t.value])).toEqual([
      ["resolved", 0],
      ["firing", 3],
    ]);
    expect((await alertEvents(key.id)).map((e) => e.payload)).toEqual([
      { alert: rule.name, alertId: rule.id, state: "firing", value: 3, threshold: 2 },
      { alert: rule.name, alertId: rule.id, state: "resolved", value: 0, threshold: 2 },
    ]);
  });

  it("measures cost, error rate and p95 latency exactly, with model and environment filters; an empty window changes no state", async () => {
    // Four observations in three traces; one trace has an ERROR-level observation.
    await ingest(
      app,
      [
        ...trace([{ minutesAgo: 3, ms: 1000, model: "m1", cost: 0.5, environment: "production" }]),
        ...trace([
          { minutesAgo: 2, ms: 3000, model: "m2", cost: 0.25, environment: "production" },
          { minutesAgo: 2, ms: 2000, level: "ERROR", environment: "production" },
        ]),
        ...trace([{ minutesAgo: 1, ms: 500, level: "WARNING", environment: "production" }]),
      ],
      { key },
    );
    const cost = await create({ metric: "costUsd", threshold: 0.7 });
    const costOfM1 = await create({ metric: "costUsd", model: "m1", threshold: 0.4 });
    const errors = await create({ metric: "errorRate", threshold: 0.3 });
    const errorsOfM1 = await create({ metric: "errorRate", model: "m1", operator: "<", threshold: 0.5 });
    const latency = await create({ metric: "latencyP95Ms", threshold: 2800 });
    const quiet = await create({ metric: "latencyP95Ms", threshold: 2800, environment: "staging" });
    const few = await create({ metric: "traces", operator: "<", threshold: 4 });

    await check();

    expect(await get(cost.id)).toMatchObject({ state: "firing", lastValue: 0.75 });
    expect(await get(costOfM1.id)).toMatchObject({ state: "firing", lastValue: 0.5 });
    const errorRate = await get(errors.id);
    expect(errorRate.state).toBe("firing");
    expect(errorRate.lastValue).toBeCloseTo(1 / 3, 12);
    expect(await get(errorsOfM1.id)).toMatchObject({ state: "firing", lastValue: 0 });
    // Latencies 500, 1000, 2000, 3000 ms: the 95th percentile interpolates to 2000 + 0.85 × 1000.
    const p95 = await get(latency.id);
    expect(p95.state).toBe("firing");
    expect(p95.lastValue).toBeCloseTo(2850, 6);
    expect(await get(quiet.id)).toMatchObject({ state: "ok", lastValue: null, lastCheckedAt: iso(now), history: [] });
    expect(await get(few.id)).toMatchObject({ state: "firing", lastValue: 3 });
    expect((await alertEvents(key.id)).filter((e) => e.type === "alert.firing")).toHaveLength(6);

    now += 20 * MINUTE;
    await check();

    // Cost and the count fall to 0 and resolve; a rate or a percentile over nothing is no value: those stay firing.
    expect(await get(cost.id)).toMatchObject({ state: "ok", lastValue: 0 });
    expect(await get(few.id)).toMatchObject({ state: "firing", lastValue: 0 });
    for (const id of [errors.id, latency.id, errorsOfM1.id]) {
      const rule = await get(id);
      expect(rule).toMatchObject({ state: "firing", lastValue: null, lastCheckedAt: iso(now) });
      expect(rule.history).toHaveLength(1);
    }
    expect(
      (await alertEvents(key.id))
        .filter((e) => e.type === "alert.resolved")
        .map((e) => e.payload.alertId)
        .sort(),
    ).toEqual([cost.id, costOfM1.id].sort());
  });

  it("averages numeric scores of a name in the window, per environment, and resolves when they recover", async () => {
    const [t1, t2, t3] = [randomUUID(), randomUUID(), randomUUID()];
    const score = (
      traceId: string,
      name: string,
      value: unknown,
      minutes: number,
      extra: Record<string, unknown> = {},
    ) =>
      ev(
        "score-create",
        { id: randomUUID(), traceId, name, value, timestamp: minutesAgo(minutes), ...extra },
        minutesAgo(minutes),
      );
    await ingest(
      app,
      [
        score(t1, "helpful", 0.2, 4, { environment: "production" }),
        score(t2, "helpful", 0.4, 3, { environment: "production" }),
        score(t3, "helpful", 1, 2, { environment: "staging" }),
        score(t3, "helpful", true, 2, { environment: "staging", dataType: "BOOLEAN" }),
        score(t1, "helpful", 0, 30, { environment: "production" }),
        score(t1, "other", 0, 2, { environment: "production" }),
      ],
      { key },
    );
    const production = await create({
      metric: "scoreMean",
      scoreName: "helpful",
      environment: "production",
      operator: "<",
      threshold: 0.5,
    });
    const everywhere = await create({ metric: "scoreMean", scoreName: "helpful", operator: "<", threshold: 0.5 });

    await check();

    const low = await get(production.id);
    expect(low.state).toBe("firing");
    expect(low.lastValue).toBeCloseTo(0.3, 12);
    // 0.2, 0.4, 1 and the BOOLEAN true as 1; the score of 30 minutes ago is out of the window.
    const all = await get(everywhere.id);
    expect(all.state).toBe("ok");
    expect(all.lastValue).toBeCloseTo(0.65, 12);

    await ingest(
      app,
      [
        score(t2, "helpful", 0.9, 1, { environment: "production" }),
        score(t2, "helpful", 0.9, 1, { environment: "production" }),
      ],
      { key },
    );
    now += MINUTE;
    await check();

    const recovered = await get(production.id);
    expect(recovered.state).toBe("ok");
    expect(recovered.lastValue).toBeCloseTo(0.6, 12);
    expect(recovered.history.map((t: any) => t.state)).toEqual(["resolved", "firing"]);
    expect((await alertEvents(key.id)).map((e) => [e.type, e.payload.alertId])).toEqual([
      ["alert.firing", production.id],
      ["alert.resolved", production.id],
    ]);
  });

  it("records a transition once when two runs overlap", async () => {
    const rule = await create({ metric: "traces", threshold: 0 });
    await ingest(app, trace([{ minutesAgo: 1, ms: 10 }]), { key });

    await Promise.all([check(), check(), check()]);

    expect((await get(rule.id)).history).toHaveLength(1);
    expect(await alertEvents(key.id)).toHaveLength(1);
  });
});
