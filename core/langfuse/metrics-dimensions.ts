import { invalid } from "../platform/errors";
import { supportedList } from "./metrics-measures";

type Query = {
  view: string;
  dimensions: readonly { field: string }[];
  filters: readonly { column: string; operator: string; value: unknown }[];
};

/**
 * The query's dimensions onto what the view's aggregate groups by, keyed by Langfuse's field names; a field the
 * view lacks is a 400 naming the ones it has (docs/langfuse.md, "Metrics").
 */
export function pickDimensions<D>(q: Query, dimensions: Readonly<Record<string, D>>): { field: string; dim: D }[] {
  return q.dimensions.map((d, i) => {
    if (!Object.hasOwn(dimensions, d.field))
      throw invalid(
        `Invalid query.query.dimensions.${i}.field: '${d.field}' is not supported on ${q.view}; supported: ${supportedList(Object.keys(dimensions))}`,
      );
    return { field: d.field, dim: dimensions[d.field]! };
  });
}

/**
 * Langfuse's filters on dimensions as "the value is one of these" conditions of the aggregate: `=` (one value),
 * `any of`, and on an array (`arrays`, the trace's tags) also `all of`, one condition per tag. `special` takes
 * the filters a view reads its own way (the environment, a score's value) and answers true when it did.
 * @throws invalid_input naming the filter's column, operator or value, and what is supported.
 */
export function pickFilters<D>(
  q: Query,
  dimensions: Readonly<Record<string, D>>,
  o: {
    arrays: readonly string[];
    special?: readonly string[];
    take?: (f: Query["filters"][number], place: string) => void;
  },
): { dim: D; values: string[] }[] {
  const out: { dim: D; values: string[] }[] = [];
  q.filters.forEach((f, i) => {
    const place = `Invalid query.query.filters.${i}`;
    if (o.special?.includes(f.column)) {
      o.take!(f, place);
      return;
    }
    if (!Object.hasOwn(dimensions, f.column))
      throw invalid(
        `${place}.column: '${f.column}' is not supported on ${q.view}; supported: ${supportedList(new Set([...(o.special ?? []), ...Object.keys(dimensions)]))}`,
      );
    const dim = dimensions[f.column]!;
    const raw = Array.isArray(f.value) ? f.value : [f.value];
    // A prompt version is a number in Langfuse's answers; a filter may spell it either way.
    if (!raw.every((v) => typeof v === "string" || (typeof v === "number" && Number.isFinite(v))))
      throw invalid(`${place}.value: expected a string or an array of strings`);
    const values = raw.map(String);
    const array = o.arrays.includes(f.column);
    if (f.operator === "=" && values.length === 1) out.push({ dim, values });
    else if (f.operator === "any of") out.push({ dim, values });
    else if (f.operator === "all of" && array) for (const v of values) out.push({ dim, values: [v] });
    else
      throw invalid(
        `${place}.operator: '${f.operator}' is not supported on ${f.column}; use '=' or 'any of'${array ? " or 'all of'" : ""}`,
      );
  });
  return out;
}
