import { OBSERVATION_FIELDS, type TraceField } from "../reads";

/**
 * What the observations aggregate groups and filters by beyond day, environment and model, as read on a row
 * folded by FINAL: the fields a score's observation is read by too, and a few of the observation's own.
 */
export const OBSERVATION_METRIC_COLUMNS = {
  id: "id",
  traceId: "trace_id",
  name: OBSERVATION_FIELDS.name,
  type: OBSERVATION_FIELDS.type,
  level: OBSERVATION_FIELDS.level,
  version: OBSERVATION_FIELDS.version,
  parentObservationId: "parent_observation_id.2",
  promptName: OBSERVATION_FIELDS.promptName,
  promptVersion: OBSERVATION_FIELDS.promptVersion,
  startTimeMonth: "formatDateTime(start_time, '%Y-%m')",
} as const;
export type ObservationMetricColumn = keyof typeof OBSERVATION_METRIC_COLUMNS;

/** A field of the observation's trace, folded to the trace's current value (joined; core/reads `TRACE_FIELDS`). */
export type TraceMetricColumn = `trace.${TraceField}`;

/** A dimension a metrics aggregate groups by. */
export type MetricsDimension = "day" | "environment" | "model" | ObservationMetricColumn | TraceMetricColumn;

/** A dimension that also filters: every one must hold, the value being one of `values` (tags: any of them). */
export interface MetricsWhere {
  dim: Exclude<MetricsDimension, "day" | "environment">;
  values: readonly string[];
}

export const traceFieldOf = (d: string): TraceField | null =>
  d.startsWith("trace.") ? (d.slice("trace.".length) as TraceField) : null;

export const isObservationColumn = (d: string): d is ObservationMetricColumn =>
  Object.hasOwn(OBSERVATION_METRIC_COLUMNS, d);
