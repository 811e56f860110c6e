/*
 * The read engine the telemetry features share (docs/reads.md): filters compiled to bound SQL predicates, the
 * cursor and numbered page walks over folded partial rows, and the match of traces by their fields. Traces and
 * scores both read through it; it imports neither, so neither feature owns what the other needs.
 */

export {
  alias,
  type CompiledFilters,
  Condition,
  compileFilters,
  OPERATORS,
  type Operator,
  Params,
  parseFilterParam,
  predicate,
  simpleConditions,
} from "./filters";
export {
  foldedObservations,
  foldedTraces,
  OBSERVATION_FIELDS,
  type ObservationField,
  oneOf,
  TRACE_FIELDS,
  type TraceField,
} from "./joined";
export { KEY_SORT, type ListPlan, listLines, listPage, type SortDir } from "./list-engine";
export { type OffsetPlan, offsetPage } from "./offset-page";
export { Iso, listQueryFields, Order } from "./query.schema";
export {
  isoText,
  jsonOf,
  type LineFields,
  type LineFormat,
  type RowLines,
  storedJson,
} from "./row-lines.ch";
export { traceIdsMatching } from "./trace-match";
