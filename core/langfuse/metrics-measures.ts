import { invalid } from "../platform/errors";

/** Names joined for a refusal's "supported: …" list. */
export const supportedList = (xs: Iterable<string>) => [...xs].join(", ");

/**
 * The reads of a metrics query's `metrics` on one view, keyed as Langfuse keys its rows
 * (`<aggregation>_<measure>`); a measure or aggregation the view lacks is a 400 naming what it has
 * (docs/langfuse.md, "Metrics"). Every view family (traces, observations, scores) picks its measures here.
 */
export function pickMeasures<R>(
  q: { view: string; metrics: readonly { measure: string; aggregation: string }[] },
  measures: Readonly<Record<string, Readonly<Record<string, R>>>>,
): { key: string; read: R }[] {
  return q.metrics.map((m, i) => {
    const measure = Object.hasOwn(measures, m.measure) ? measures[m.measure]! : null;
    if (!measure)
      throw invalid(
        `Invalid query.query.metrics.${i}.measure: '${m.measure}' is not supported on ${q.view}; supported: ${supportedList(Object.keys(measures))}`,
      );
    const read = Object.hasOwn(measure, m.aggregation) ? measure[m.aggregation]! : null;
    if (!read)
      throw invalid(
        `Invalid query.query.metrics.${i}.aggregation: '${m.aggregation}' is not supported for ${m.measure}; supported: ${supportedList(Object.keys(measure))}`,
      );
    return { key: `${m.aggregation}_${m.measure}`, read };
  });
}
