export { deleteTrace, deleteUserData, type EndUserCopies } from "./delete-trace";
export { deleteTraces } from "./delete-traces";
export { getSession, groupBySessionPath } from "./get-session";
export { getTrace, observationView } from "./get-trace";
export { listObservations, listObservationsWhole, observationLines } from "./list-observations";
export { getObservation, listObservationsPage, type ObservationDetail } from "./list-observations-page";
export { listSessions } from "./list-sessions";
export { listSessionsPage } from "./list-sessions-page";
export { listTraces, matchingTraceIds, type TraceFilters, traceLines } from "./list-traces";
export {
  listTracesPage,
  type PageWindow,
  TRACE_PAGE_SORTS,
  type TracePageSort,
  traceChildIds,
} from "./list-traces-page";
export { listUsers } from "./list-users";
export { aggregateMetrics, getMetrics, type MetricsRow, metricsStatement } from "./metrics";
export type { MetricsDimension, MetricsWhere } from "./metrics-columns";
export { readSessionTurns, readTraceBodies, TRANSCRIPT_TURNS, type TraceBodies } from "./read-bodies";
export { readSources, type SourceBodies, type SourceKey, selectObservationKeys, sourceKey } from "./read-sources";
export * from "./reads.schema";
export { applyAllRetention, applyRetention, getRetention, putRetention } from "./retention";
export { traceSummaries } from "./trace-summaries";
export { ObservationView, TraceDetail } from "./traces.schema";
export { type ObservationWindow, type WindowMetrics, windowMetrics } from "./window-metrics";
