import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { at, ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { get, type Key, newProject } from "./support";

const DAY = 86_400_000;
const window = { from: at(-3_600_000), to: at(2 * DAY) };

describe("GET /v1/metrics", () => {
  let app: TestApp;
  let key: Key;

  beforeAll(async () => {
    app = await startTestApp();
    key = await newProject(app);
    const [a, b] = [randomUUID(), randomUUID()];
    const [gA, gB, sA, gC] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    // A later event's cost arrives first: the fold keeps it, and the cost is not counted twice.
    await ingest(app, [ev("generation-update", { id: gA, traceId: a, costDetails: { total: 0.01 } }, at(5_000))], {
      key,
    });
    await ingest(
      app,
      [
        ev("trace-create", { id: a, name: "day one", environment: "production", timestamp: at(0) }, at(0)),
        ev(
          "generation-create",
          {
            id: gA,
            traceId: a,
            model: "m1",
            environment: "production",
            startTime: at(0),
            endTime: at(1_000),
            usageDetails: { input: 10, output: 5 },
            costDetails: { total: 0.02 },
          },
          at(0),
        ),
        ev(
          "generation-create",
          {
            id: gB,
            traceId: a,
            model: "m2",
            environment: "production",
            startTime: at(1_000),
            endTime: at(4_000),
            usageDetails: { input: 20, output: 10, cache_read_input_tokens: 5 },
            costDetails: { input: 0.1, output: 0.2 },
          },
          at(1_000),
        ),
        ev(
          "span-create",
          { id: sA, traceId: a, name: "work", environment: "production", startTime: at(0), endTime: at(2_000) },
          at(0),
        ),
        ev("trace-create", { id: b, name: "day two", environment: "staging", timestamp: at(DAY) }, at(DAY)),
        ev(
          "generation-create",
          {
            id: gC,
            traceId: b,
            model: "m1",
            environment: "staging",
            startTime: at(DAY),
            endTime: at(DAY + 500),
            usageDetails: { input: 1, output: 1, total: 3 },
            costDetails: { total: 1 },
          },
          at(DAY),
        ),
      ],
      { key },
    );
  });
  afterAll(() => app?.close());

  it("rolls up per day: counts, cost, tokens and latency percentiles", async () => {
    const res = await get(app, key, "/v1/metrics", window);

    expect(res.status).toBe(200);
    expect(res.body.groupBy).toEqual(["day"]);
    expect(res.body.data).toHaveLength(2);
    const [d1, d2] = res.body.data;
    expect(d1).toMatchObject({
      day: "2026-11-22",
      traces: 1,
      observations: 3,
      inputTokens: 35,
      outputTokens: 15,
      totalTokens: 50,
      latencyP50Ms: 2000,
    });
    expect(d1.costUsd).toBeCloseTo(0.31, 12);
    expect(d1.latencyP95Ms).toBeCloseTo(2900, 6);
    expect(d1.latencyP99Ms).toBeCloseTo(2980, 6);
    expect(d2).toMatchObject({
      day: "2026-11-23",
      traces: 1,
      observations: 1,
      costUsd: 1,
      inputTokens: 1,
      outputTokens: 1,
      totalTokens: 3,
      latencyP50Ms: 500,
      latencyP99Ms: 500,
    });
  });

  it("groups by environment and model and filters by them and by the time range", async () => {
    const byModel = await get(app, key, "/v1/metrics", { ...window, groupBy: "model" });
    const byEnv = await get(app, key, "/v1/metrics", { ...window, groupBy: "day,environment" });
    const staging = await get(app, key, "/v1/metrics", { ...window, environment: "staging" });
    const m1 = await get(app, key, "/v1/metrics", { ...window, model: "m1" });
    const firstDay = await get(app, key, "/v1/metrics", { from: at(0), to: at(DAY) });

    expect(byModel.body.data.map((r: any) => [r.day, r.model, r.observations])).toEqual([
      ["2026-11-22", "m1", 1],
      ["2026-11-22", "m2", 1],
      ["2026-11-22", null, 1],
      ["2026-11-23", "m1", 1],
    ]);
    expect(byModel.body.data[1].costUsd).toBeCloseTo(0.3, 12);
    expect(byEnv.body.data.map((r: any) => [r.day, r.environment])).toEqual([
      ["2026-11-22", "production"],
      ["2026-11-23", "staging"],
    ]);
    expect(staging.body.data.map((r: any) => r.day)).toEqual(["2026-11-23"]);
    expect(m1.body.data.map((r: any) => [r.day, r.observations, r.costUsd])).toEqual([
      ["2026-11-22", 1, 0.01],
      ["2026-11-23", 1, 1],
    ]);
    expect(firstDay.body.data.map((r: any) => r.day)).toEqual(["2026-11-22"]);
  });

  it("answers 400 for a bad dimension or an empty range", async () => {
    expect((await get(app, key, "/v1/metrics", { groupBy: "user" })).status).toBe(400);
    expect((await get(app, key, "/v1/metrics", { from: at(DAY), to: at(0) })).status).toBe(400);
    expect((await get(app, key, "/v1/metrics", { from: "yesterday" })).status).toBe(400);
  });
});

describe("GET /v1/scores/analytics", () => {
  let app: TestApp;
  let key: Key;

  beforeAll(async () => {
    app = await startTestApp();
    key = await newProject(app);
    const traces = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const days = [0, 0, DAY, DAY];
    const score = (traceId: string, name: string, value: number | string, ts: number) =>
      ev(
        "score-create",
        {
          id: randomUUID(),
          traceId,
          name,
          value,
          ...(typeof value === "string" ? { dataType: "CATEGORICAL" } : {}),
          timestamp: at(ts),
        },
        at(ts),
      );
    const events = traces.flatMap((t, i) => [
      score(t, "helpfulness", i + 1, days[i]!),
      score(t, "label", ["good", "bad", "good", "good"][i]!, days[i]!),
      score(t, "label2", ["good", "good", "bad", "good"][i]!, days[i]!),
    ]);
    // correctness on three traces; the first trace's earlier score is superseded by its latest.
    events.push(
      score(traces[0]!, "correctness", 5, -1000),
      score(traces[0]!, "correctness", 1, 10),
      score(traces[1]!, "correctness", 3, 10),
      score(traces[2]!, "correctness", 2, DAY + 10),
    );
    await ingest(app, events, { key });
  });
  afterAll(() => app?.close());

  it("describes one numeric score: count, mean, median, standard deviation, histogram and timeline", async () => {
    const res = await get(app, key, "/v1/scores/analytics", { name: "helpfulness", ...window });

    expect(res.status).toBe(200);
    expect(res.body.sampled).toBe(false);
    const s = res.body.score;
    expect(s).toMatchObject({
      name: "helpfulness",
      dataType: "NUMERIC",
      count: 4,
      numericCount: 4,
      mean: 2.5,
      median: 2.5,
      min: 1,
      max: 4,
      labelCounts: [],
    });
    expect(s.stdDev).toBeCloseTo(Math.sqrt(5 / 3), 12);
    expect(s.histogram.map((b: any) => b.count)).toEqual([1, 0, 0, 1, 0, 0, 1, 0, 0, 1]);
    expect(s.histogram[0]).toMatchObject({ lower: 1 });
    expect(s.histogram[9]).toMatchObject({ upper: 4 });
    expect(s.timeline).toEqual([
      { day: "2026-11-22", count: 2, mean: 1.5, labelCounts: {} },
      { day: "2026-11-23", count: 2, mean: 3.5, labelCounts: {} },
    ]);
  });

  it("keeps categorical scores out of averages and counts their labels", async () => {
    const res = await get(app, key, "/v1/scores/analytics", { name: "label" });

    expect(res.body.score).toMatchObject({
      dataType: "CATEGORICAL",
      count: 4,
      numericCount: 0,
      mean: null,
      median: null,
      stdDev: null,
      histogram: [],
      labelCounts: [
        { label: "good", count: 3 },
        { label: "bad", count: 1 },
      ],
    });
    expect(res.body.score.timeline[0]).toEqual({
      day: "2026-11-22",
      count: 2,
      mean: null,
      labelCounts: { good: 1, bad: 1 },
    });
  });

  it("compares two numeric scores over traces that carry both: Pearson, MAE, RMSE and a bucketed confusion matrix", async () => {
    const res = await get(app, key, "/v1/scores/analytics", { name: "helpfulness", compare: "correctness" });

    const c = res.body.comparison;
    expect(c).toMatchObject({
      kind: "numeric",
      pairCount: 3,
      sampleSize: 3,
      sampled: false,
      agreement: null,
      cohensKappa: null,
    });
    expect(c.pearson).toBeCloseTo(0.5, 12);
    expect(c.mae).toBeCloseTo(2 / 3, 12);
    expect(c.rmse).toBeCloseTo(Math.sqrt(2 / 3), 12);
    expect(c.confusion.rows).toHaveLength(10);
    const cells = c.confusion.counts.flatMap((row: number[], i: number) =>
      row.map((n, j) => [i, j, n]).filter(([, , n]) => (n ?? 0) > 0),
    );
    expect(cells).toEqual([
      [0, 0, 1],
      [5, 9, 1],
      [9, 5, 1],
    ]);
    expect(res.body.compare).toMatchObject({ name: "correctness", count: 4 });
  });

  it("compares two categorical scores: agreement, Cohen's kappa, per-label F1 and confusion matrix", async () => {
    const res = await get(app, key, "/v1/scores/analytics", { name: "label", compare: "label2" });

    const c = res.body.comparison;
    expect(c).toMatchObject({ kind: "categorical", pairCount: 4, agreement: 0.5, pearson: null });
    expect(c.cohensKappa).toBeCloseTo(-1 / 3, 12);
    expect(c.f1).toEqual([
      { label: "bad", precision: 0, recall: 0, f1: 0, support: 1 },
      { label: "good", precision: 2 / 3, recall: 2 / 3, f1: 2 / 3, support: 3 },
    ]);
    expect(c.confusion).toEqual({
      rows: ["bad", "good"],
      columns: ["bad", "good"],
      counts: [
        [0, 1],
        [1, 2],
      ],
    });
    const mixed = await get(app, key, "/v1/scores/analytics", { name: "helpfulness", compare: "label" });
    expect(mixed.body.comparison).toMatchObject({ kind: "mixed", pairCount: 4, pearson: null, cohensKappa: null });
  });

  it("computes over a sample beyond 20,000 pairs and says so", async () => {
    const other = await newProject(app);
    const events = [];
    for (let i = 0; i < 20_001; i++) {
      const traceId = `pair-${i}`;
      events.push(
        ev("score-create", { id: `a-${i}`, traceId, name: "a", value: i % 7 }, at(0)),
        ev("score-create", { id: `b-${i}`, traceId, name: "b", value: (i % 7) * 2 }, at(0)),
      );
    }
    for (let i = 0; i < events.length; i += 5_000)
      await ingest(app, events.slice(i, i + 5_000), { key: other, drain: false });
    await app.drainQueues();

    const res = await get(app, other, "/v1/scores/analytics", { name: "a", compare: "b" });

    expect(res.body.sampled).toBe(true);
    expect(res.body.comparison).toMatchObject({ pairCount: 20_001, sampleSize: 20_000, sampled: true });
    expect(res.body.comparison.pearson).toBeCloseTo(1, 12);
    expect(res.body.score.count).toBe(20_001);
  }, 120_000);
});
