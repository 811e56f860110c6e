import type { Deps } from "../platform/deps";
import { invalid } from "../platform/errors";
import { Params } from "../reads";
import { chDateTime, SCORES } from "../telemetry";
import type { AnalyticsQuery } from "./score-reads.schema";
import * as Stats from "./score-stats";

/** Beyond this many pairs (docs/reads.md), two-score statistics run over a sample. */
export const PAIR_LIMIT = 20_000;

type Reader = Pick<Deps, "telemetry">;

export interface ScoreWindow {
  from?: string;
  to?: string;
  /** The score's environment (`default` when it has none). */
  environment?: string;
  /**
   * Fold only scores with a raw row in the window as well: a folded time is one raw row's time, so none
   * in the window is lost. Pays for short windows (alert rules); analytics windows are long.
   */
  narrow?: boolean;
}

/** Folded scores named `name` in the window: one row per score, value NULL for categorical. */
export function scoresOf(params: Params, name: string, q: ScoreWindow): string {
  const n = params.bind("String", name);
  const from = q.from ? params.bind("DateTime64(3, 'UTC')", chDateTime(q.from)) : null;
  const to = q.to ? params.bind("DateTime64(3, 'UTC')", chDateTime(q.to)) : null;
  const window = [from ? `ts >= ${from}` : null, to ? `ts < ${to}` : null].filter(Boolean);
  if (q.environment !== undefined) window.push(`env = ${params.bind("String", q.environment)}`);
  const rawWindow = [from ? `timestamp >= ${from}` : null, to ? `timestamp < ${to}` : null].filter(Boolean);
  // Each narrowing is a semi-join of its own: one raw row carries the name and maybe another the time.
  const narrow =
    q.narrow && rawWindow.length
      ? `
        AND id IN (SELECT id FROM scores WHERE project_id = {projectId:String} AND ${rawWindow.join(" AND ")})`
      : "";
  return `SELECT * FROM (
      SELECT trace_id, id, ifNull(max(data_type).2, 'NUMERIC') AS dt, ${SCORES.columns.value!.fold} AS v, max(string_value).2 AS label, min(timestamp) AS ts${q.environment !== undefined ? `, ${SCORES.columns.environment!.fold} AS env` : ""}
      FROM scores WHERE project_id = {projectId:String}
        AND trace_id IN (SELECT trace_id FROM scores WHERE project_id = {projectId:String} AND name.2 = ${n})
        AND id IN (SELECT id FROM scores WHERE project_id = {projectId:String} AND name.2 = ${n})${narrow}
      GROUP BY trace_id, id HAVING max(name).2 = ${n})${window.length ? ` WHERE ${window.join(" AND ")}` : ""}`;
}

const num = (x: unknown) =>
  x === null || x === undefined || (typeof x === "number" && !Number.isFinite(x)) ? null : Number(x);

/** Count, mean, median, standard deviation, histogram or label counts, and the daily timeline of one score. */
async function summarize(deps: Reader, projectId: string, name: string, q: AnalyticsQuery) {
  const params = new Params({ projectId });
  const s = scoresOf(params, name, q);
  const [stats] = await deps.telemetry.query<Record<string, unknown>>(
    `SELECT toUInt32(count()) AS n, toUInt32(countIf(v IS NOT NULL)) AS nn, avg(v) AS mean, quantileExactInclusive(0.5)(v) AS median,
       if(countIf(v IS NOT NULL) = 1, 0, stddevSamp(v)) AS sd, min(v) AS lo, max(v) AS hi,
       minIf(v, dt = 'NUMERIC') AS hlo, maxIf(v, dt = 'NUMERIC') AS hhi, topK(1)(dt) AS dts FROM (${s})`,
    params.values,
  );
  const n = Number(stats!.n);
  const numericCount = Number(stats!.nn);
  const hlo = num(stats!.hlo);
  const hhi = num(stats!.hhi);
  const [hist, days, dayLabels] = await Promise.all([
    hlo !== null && hhi !== null
      ? deps.telemetry.query<{ b: number; c: number }>(
          `SELECT toUInt32(if({hhi:Float64} = {hlo:Float64}, 0, least(9, greatest(0, floor((v - {hlo:Float64}) / (({hhi:Float64} - {hlo:Float64}) / 10)))))) AS b, toUInt32(count()) AS c
           FROM (${s}) WHERE dt = 'NUMERIC' AND v IS NOT NULL GROUP BY b`,
          { ...params.values, hlo, hhi },
        )
      : Promise.resolve([]),
    deps.telemetry.query<{ day: string; c: number; m: number | null }>(
      `SELECT toString(toDate(ts)) AS day, toUInt32(count()) AS c, avg(v) AS m FROM (${s}) GROUP BY day ORDER BY day`,
      params.values,
    ),
    deps.telemetry.query<{ day: string; label: string; c: number }>(
      `SELECT toString(toDate(ts)) AS day, label, toUInt32(count()) AS c FROM (${s}) WHERE dt != 'NUMERIC' AND label IS NOT NULL GROUP BY day, label`,
      params.values,
    ),
  ]);
  const counts = new Array<number>(Stats.HISTOGRAM_BUCKETS).fill(0);
  for (const h of hist) counts[h.b] = (counts[h.b] ?? 0) + h.c;
  const labelTotals = new Map<string, number>();
  for (const d of dayLabels) labelTotals.set(d.label, (labelTotals.get(d.label) ?? 0) + d.c);
  return {
    name,
    dataType: n ? ((stats!.dts as string[])[0] ?? null) : null,
    count: n,
    numericCount,
    mean: num(stats!.mean),
    median: num(stats!.median),
    stdDev: numericCount ? num(stats!.sd) : null,
    min: num(stats!.lo),
    max: num(stats!.hi),
    histogram: hlo !== null && hhi !== null ? Stats.histogramFromCounts(hlo, hhi, counts) : [],
    labelCounts: [...labelTotals]
      .map(([label, count]) => ({ label, count }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
    timeline: days.map((d) => ({
      day: d.day,
      count: d.c,
      mean: num(d.m),
      labelCounts: Object.fromEntries(dayLabels.filter((l) => l.day === d.day).map((l) => [l.label, l.c])),
    })),
  };
}

interface Pair {
  av: number | null;
  al: string | null;
  adt: string;
  bv: number | null;
  bl: string | null;
  bdt: string;
}

/** Label of a score side: its category, or its value as text when a numeric one sits among labels. */
const labelOf = (v: number | null, l: string | null) => l ?? (v === null ? "" : String(v));

/** Two-score statistics over pairs (one per trace that carries both: each side's latest score there). */
export function compare(pairs: readonly Pair[], pairCount: number) {
  const numericA = pairs.every((p) => p.adt === "NUMERIC" && p.av !== null);
  const numericB = pairs.every((p) => p.bdt === "NUMERIC" && p.bv !== null);
  const kind =
    pairs.length === 0
      ? "numeric"
      : numericA && numericB
        ? "numeric"
        : !numericA && !numericB
          ? "categorical"
          : "mixed";
  const xs = pairs.map((p) => p.av ?? 0);
  const ys = pairs.map((p) => p.bv ?? 0);
  const la = pairs.map((p) => labelOf(p.av, p.al));
  const lb = pairs.map((p) => labelOf(p.bv, p.bl));
  let confusion: Stats.Confusion;
  if (kind === "numeric") {
    // Both sides bucketed over their common range, so the diagonal means "close values".
    const all = [...xs, ...ys];
    const lo = all.length ? Math.min(...all) : 0;
    const hi = all.length ? Math.max(...all) : 0;
    const a = Stats.bucketLabels(xs, lo, hi);
    const b = Stats.bucketLabels(ys, lo, hi);
    confusion = Stats.confusionMatrix(a.labels, b.labels, { rows: a.order, columns: b.order });
  } else if (kind === "mixed") {
    const side = (numeric: boolean, vs: number[], ls: string[]) =>
      numeric && vs.length
        ? Stats.bucketLabels(vs, Math.min(...vs), Math.max(...vs))
        : { labels: ls, order: [...new Set(ls)].sort() };
    const a = side(numericA, xs, la);
    const b = side(numericB, ys, lb);
    confusion = Stats.confusionMatrix(a.labels, b.labels, { rows: a.order, columns: b.order });
  } else confusion = Stats.confusionMatrix(la, lb);
  return {
    kind,
    pairCount,
    sampleSize: pairs.length,
    sampled: pairCount > pairs.length,
    pearson: kind === "numeric" ? Stats.pearson(xs, ys) : null,
    mae: kind === "numeric" ? Stats.mae(xs, ys) : null,
    rmse: kind === "numeric" ? Stats.rmse(xs, ys) : null,
    agreement: kind === "categorical" ? Stats.agreement(la, lb) : null,
    cohensKappa: kind === "categorical" ? Stats.cohensKappa(la, lb) : null,
    f1: kind === "categorical" ? Stats.perLabelF1(la, lb) : [],
    confusion,
  } as const;
}

/**
 * Score analytics: one score's distribution and timeline; with `compare`, the
 * agreement of the two over traces that carry both. Beyond {@link PAIR_LIMIT} pairs the
 * statistics run over a deterministic sample (by trace id hash) and say `sampled: true`.
 *
 * @throws invalid_input when `from` is not before `to`.
 */
export async function scoreAnalytics(deps: Reader, projectId: string, q: AnalyticsQuery) {
  if (q.from && q.to && !(Date.parse(q.from) < Date.parse(q.to)))
    throw invalid("Invalid query: `from` must be before `to`");
  const score = await summarize(deps, projectId, q.name, q);
  if (!q.compare) return { score, sampled: false };
  const other = await summarize(deps, projectId, q.compare, q);
  const params = new Params({ projectId });
  const latest = (name: string) =>
    `SELECT trace_id, v, label, dt FROM (${scoresOf(params, name, q)}) WHERE trace_id != '' ORDER BY trace_id, ts DESC, id DESC LIMIT 1 BY trace_id`;
  const rows = await deps.telemetry.query<Pair & { total: number }>(
    `SELECT a.v AS av, a.label AS al, a.dt AS adt, b.v AS bv, b.label AS bl, b.dt AS bdt, toUInt32(count() OVER ()) AS total
     FROM (${latest(q.name)}) AS a INNER JOIN (${latest(q.compare)}) AS b ON a.trace_id = b.trace_id
     ORDER BY sipHash64(a.trace_id), a.trace_id LIMIT ${PAIR_LIMIT}`,
    params.values,
  );
  const pairs = rows.map((r) => ({ ...r, av: num(r.av), bv: num(r.bv) }));
  const comparison = compare(pairs, rows[0]?.total ?? 0);
  return { score, compare: other, comparison, sampled: comparison.sampled };
}
