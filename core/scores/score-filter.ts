import { type Condition, type Operator, type Params, predicate } from "../reads";
import { SCORES } from "../telemetry";

const isNumeric = (v: Condition["value"]) =>
  Array.isArray(v) ? v.every((x) => typeof x !== "string") : typeof v !== "string";

/**
 * Scores named `name` whose folded value (numbers, booleans) or label (strings)
 * satisfies the condition: `(trace_id, observation_id)` rows, observation_id '' for
 * scores on the trace itself. Categorical scores never match a numeric condition.
 */
function matchingScores(params: Params, name: string, op: Operator, value: Condition["value"]): string {
  const n = params.bind("String", name);
  const numeric = isNumeric(value);
  const def = numeric ? SCORES.columns.value! : SCORES.columns.stringValue!;
  const test = predicate(def, `scores.${name}`, numeric ? "score_value" : "score_label", op, value, params).sql;
  return `SELECT trace_id, ifNull(max(observation_id).2, '') AS observation_id, ${SCORES.columns.value!.fold} AS score_value, max(string_value).2 AS score_label
    FROM scores WHERE project_id = {projectId:String}
      AND trace_id IN (SELECT trace_id FROM scores WHERE project_id = {projectId:String} AND name.2 = ${n})
      AND id IN (SELECT id FROM scores WHERE project_id = {projectId:String} AND name.2 = ${n})
    GROUP BY trace_id, id HAVING max(name).2 = ${n} AND ${test}`;
}

/** `scores.<name>` on observations: a matching score on the observation itself or on its trace (level-agnostic). */
export const observationScoreFilter = (params: Params) => (name: string, op: Operator, value: Condition["value"]) => {
  const s = matchingScores(params, name, op, value);
  // The trace_id set first: it uses the primary index and spares the tuple check most rows.
  return `trace_id IN (SELECT trace_id FROM (${s})) AND ((trace_id, id) IN (SELECT trace_id, observation_id FROM (${s}) WHERE observation_id != '') OR trace_id IN (SELECT trace_id FROM (${s}) WHERE observation_id = ''))`;
};

/** `scores.<name>` on traces: a matching score on the trace or on any of its observations. */
export const traceScoreFilter = (params: Params) => (name: string, op: Operator, value: Condition["value"]) =>
  `id IN (SELECT trace_id FROM (${matchingScores(params, name, op, value)}))`;
