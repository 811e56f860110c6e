import { TRACES } from "../telemetry";
import { alias, type Condition, compileFilters, type Params } from "./filters";

/**
 * `trace_id IN (…)`: the project's traces whose folded fields satisfy `conditions` (columns of the traces list:
 * name, userId, tags, …), for reads of other entities filtered by their trace (scores by user or tags, metrics by
 * trace name). @throws invalid_input for an unknown column or a bad value.
 */
export function traceIdsMatching(params: Params, conditions: readonly Condition[], column = "trace_id"): string {
  const filters = compileFilters(TRACES, conditions, params);
  const folds = [...filters.columns].map((c) => `${TRACES.columns[c]!.fold} AS ${alias(c)}`);
  const inner = `SELECT id${folds.length ? `, ${folds.join(", ")}` : ""} FROM traces WHERE ${["project_id = {projectId:String}", ...filters.keyed].join(" AND ")} GROUP BY id`;
  return `${column} IN (SELECT id FROM (${inner})${filters.exact.length ? ` WHERE ${filters.exact.join(" AND ")}` : ""})`;
}
