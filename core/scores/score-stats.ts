/**
 * Statistics of score analytics, as pure functions over plain arrays. Conventions:
 * the median of an even count is the mean of the two middle values; the standard
 * deviation is the sample one (n − 1), 0 for a single value; every function answers
 * null where the statistic is undefined (no values, no variance).
 */

export const HISTOGRAM_BUCKETS = 10;

export function mean(values: readonly number[]): number | null {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function stdDev(values: readonly number[]): number | null {
  const m = mean(values);
  if (m === null) return null;
  if (values.length === 1) return 0;
  return Math.sqrt(values.reduce((a, v) => a + (v - m) ** 2, 0) / (values.length - 1));
}

export interface Bucket {
  lower: number;
  upper: number;
  count: number;
}

/** Equal-width edges over [min, max]; the last bucket includes max. */
export function bucketEdges(min: number, max: number, buckets = HISTOGRAM_BUCKETS): number[] {
  const width = (max - min) / buckets;
  return Array.from({ length: buckets + 1 }, (_, i) => (i === buckets ? max : min + i * width));
}

/** The bucket of `v` in [min, max] split into `buckets` (the same arithmetic as the SQL histogram). */
export function bucketIndex(v: number, min: number, max: number, buckets = HISTOGRAM_BUCKETS): number {
  const width = (max - min) / buckets;
  return width === 0 ? 0 : Math.min(buckets - 1, Math.max(0, Math.floor((v - min) / width)));
}

export function histogram(values: readonly number[], buckets = HISTOGRAM_BUCKETS): Bucket[] {
  if (values.length === 0) return [];
  const min = Math.min(...values);
  const max = Math.max(...values);
  const counts = new Array<number>(buckets).fill(0);
  for (const v of values) counts[bucketIndex(v, min, max, buckets)]!++;
  return histogramFromCounts(min, max, counts);
}

export function histogramFromCounts(min: number, max: number, counts: readonly number[]): Bucket[] {
  const edges = bucketEdges(min, max, counts.length);
  return counts.map((count, i) => ({ lower: edges[i]!, upper: edges[i + 1]!, count }));
}

export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n < 2 || ys.length !== n) return null;
  const mx = mean(xs)!;
  const my = mean(ys)!;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy);
}

export function mae(xs: readonly number[], ys: readonly number[]): number | null {
  return xs.length ? xs.reduce((a, x, i) => a + Math.abs(x - ys[i]!), 0) / xs.length : null;
}

export function rmse(xs: readonly number[], ys: readonly number[]): number | null {
  return xs.length ? Math.sqrt(xs.reduce((a, x, i) => a + (x - ys[i]!) ** 2, 0) / xs.length) : null;
}

export function agreement(a: readonly string[], b: readonly string[]): number | null {
  return a.length ? a.filter((x, i) => x === b[i]).length / a.length : null;
}

/** Cohen's kappa: (po − pe) / (1 − pe); 1 when both raters used one and the same label throughout. */
export function cohensKappa(a: readonly string[], b: readonly string[]): number | null {
  const n = a.length;
  if (n === 0) return null;
  const po = agreement(a, b)!;
  const labels = new Set([...a, ...b]);
  let pe = 0;
  for (const l of labels) pe += (a.filter((x) => x === l).length / n) * (b.filter((x) => x === l).length / n);
  if (pe === 1) return po === 1 ? 1 : null;
  return (po - pe) / (1 - pe);
}

export interface LabelF1 {
  label: string;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  support: number;
}

/** Per-label precision, recall and F1 of `predicted` against `reference`; support counts the reference. */
export function perLabelF1(reference: readonly string[], predicted: readonly string[]): LabelF1[] {
  const labels = [...new Set([...reference, ...predicted])].sort();
  return labels.map((label) => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    reference.forEach((r, i) => {
      const p = predicted[i];
      if (r === label && p === label) tp++;
      else if (p === label) fp++;
      else if (r === label) fn++;
    });
    const precision = tp + fp ? tp / (tp + fp) : null;
    const recall = tp + fn ? tp / (tp + fn) : null;
    const f1 =
      precision !== null && recall !== null
        ? precision + recall === 0
          ? 0
          : (2 * precision * recall) / (precision + recall)
        : null;
    return { label, precision, recall, f1, support: tp + fn };
  });
}

export interface Confusion {
  rows: string[];
  columns: string[];
  counts: number[][];
}

/** Counts of (row label, column label) pairs; labels in the given order, or sorted. */
export function confusionMatrix(
  a: readonly string[],
  b: readonly string[],
  order?: { rows?: string[]; columns?: string[] },
): Confusion {
  const rows = order?.rows ?? [...new Set(a)].sort();
  const columns = order?.columns ?? [...new Set(b)].sort();
  const counts = rows.map(() => new Array<number>(columns.length).fill(0));
  a.forEach((x, i) => {
    const r = rows.indexOf(x);
    const c = columns.indexOf(b[i]!);
    if (r >= 0 && c >= 0) counts[r]![c]!++;
  });
  return { rows, columns, counts };
}

const fmt = (x: number) => String(Number(x.toPrecision(6)));

/** Numeric values as bucket labels `[lower, upper)` over [min, max] (the last bucket closed), for a confusion matrix. */
export function bucketLabels(
  values: readonly number[],
  min: number,
  max: number,
  buckets = HISTOGRAM_BUCKETS,
): { labels: string[]; order: string[] } {
  const edges = bucketEdges(min, max, buckets);
  const order = edges
    .slice(0, -1)
    .map((lo, i) =>
      i === buckets - 1 ? `[${fmt(lo)}, ${fmt(edges[i + 1]!)}]` : `[${fmt(lo)}, ${fmt(edges[i + 1]!)})`,
    );
  const effective = min === max ? [order[0]!] : order;
  return { labels: values.map((v) => effective[bucketIndex(v, min, max, buckets)] ?? effective[0]!), order: effective };
}
