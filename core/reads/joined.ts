import { OBSERVATIONS, TRACES } from "../telemetry";
import type { Params } from "./filters";

/**
 * Fields of the trace another entity points at, folded to the trace's current values: what aggregates of
 * observations and scores group and filter by ("the user of the trace this score is on").
 */
export const TRACE_FIELDS = {
  name: TRACES.columns.name!.fold,
  userId: TRACES.columns.userId!.fold,
  sessionId: TRACES.columns.sessionId!.fold,
  release: TRACES.columns.release!.fold,
  version: TRACES.columns.version!.fold,
  environment: TRACES.columns.environment!.fold,
  // Sorted, so two traces with the same tags in another order fall into one group.
  tags: `arraySort(${TRACES.columns.tags!.fold})`,
  timestampMonth: `formatDateTime(${TRACES.columns.timestamp!.fold}, '%Y-%m')`,
} as const;
export type TraceField = keyof typeof TRACE_FIELDS;

/** Fields of the observation a score points at, folded to the observation's current values. */
export const OBSERVATION_FIELDS = {
  name: OBSERVATIONS.columns.name!.fold,
  type: OBSERVATIONS.columns.type!.fold,
  level: OBSERVATIONS.columns.level!.fold,
  version: OBSERVATIONS.columns.version!.fold,
  model: OBSERVATIONS.columns.model!.fold,
  promptName: OBSERVATIONS.columns.promptName!.fold,
  promptVersion: "max(prompt_version).2",
} as const;
export type ObservationField = keyof typeof OBSERVATION_FIELDS;

/**
 * The traces among `traceIds` (a subquery of ids of the project), folded to `fields` as `t_<field>` beside
 * `t_id`. The caller bounds `traceIds` by its own window, so a join reads the traces it needs and never the
 * whole project.
 */
export function foldedTraces(fields: Iterable<TraceField>, traceIds: string): string {
  const folds = [...new Set(fields)].map((f) => `, ${TRACE_FIELDS[f]} AS t_${f}`).join("");
  return `SELECT id AS t_id${folds} FROM traces
      WHERE project_id = {projectId:String} AND id IN (${traceIds}) GROUP BY id`;
}

/**
 * The observations of `traceIds` whose id is among `ids` (both subqueries bounded by the caller's window),
 * folded to `fields` as `o_<field>` beside `o_trace_id` and `o_id`.
 */
export function foldedObservations(fields: Iterable<ObservationField>, traceIds: string, ids: string): string {
  const folds = [...new Set(fields)].map((f) => `, ${OBSERVATION_FIELDS[f]} AS o_${f}`).join("");
  return `SELECT trace_id AS o_trace_id, id AS o_id${folds} FROM observations
      WHERE project_id = {projectId:String} AND trace_id IN (${traceIds}) AND id IN (${ids}) GROUP BY trace_id, id`;
}

/**
 * `expr` is one of `values`: an array (tags) holds any of them; anything else is compared as text, so a number
 * (a prompt version) matches whichever way a client spelled it. NULL matches nothing.
 */
export function oneOf(params: Params, expr: string, values: readonly string[], array = false): string {
  const bound = params.bind("Array(String)", [...values]);
  return array ? `hasAny(${expr}, ${bound})` : `toString(${expr}) IN ${bound}`;
}
