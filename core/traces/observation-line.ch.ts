import { isoText as iso, jsonOf as json, type LineFields, type RowLines, storedJson } from "../reads";

/*
 * `observationItem` (./get-trace.ts) written in SQL over the same folded row (OBSERVATION_DISPLAY): the observation
 * as one line (a JSON object or a CSV record), for exports, where parsing each row into an object and writing it
 * out again was most of the work (docs/export.md, "Lines written by the store"). The two must give the same values for every row;
 * tests/integration/exports/export-lines.test.ts holds them to it. A field added to one is added to the other.
 */

/** Milliseconds from one time to another when both are shown (`ms`); integers are written as text, never quoted. */
const ms = (from: string, to: string, shownFrom: string, shownTo: string) =>
  `ifNull(toString(if(${shownFrom} IS NULL OR ${shownTo} IS NULL, NULL,
    toUnixTimestamp64Milli(toDateTime64(${to}, 3, 'UTC')) - toUnixTimestamp64Milli(toDateTime64(${from}, 3, 'UTC')))), 'null')`;

/** `totalOf`: the cost's `total`, else the sum of its parts (in the map's order), null when there is none. */
const TOTAL = `if(empty(mapKeys(_cost)), NULL,
  if(mapContains(_cost, 'total'), _cost['total'], arrayFold((acc, x) -> acc + x, mapValues(_cost), toFloat64(0))))`;

/** The fields in `observationItem`'s order. */
const FIELDS: LineFields = [
  ["id", json("id")],
  ["traceId", json("trace_id")],
  ["type", json("upperUTF8(ifNull(type, 'span'))")],
  ["parentObservationId", json("parent_observation_id")],
  ["name", json("name")],
  ["startTime", json("_start")],
  ["endTime", json("_end")],
  ["completionStartTime", json("_completion")],
  ["level", json("ifNull(level, 'DEFAULT')")],
  ["statusMessage", json("status_message")],
  ["version", json("version")],
  ["environment", json("ifNull(environment, 'default')")],
  ["model", json("model")],
  ["modelParameters", storedJson("model_parameters")],
  ["promptName", json("prompt_name")],
  ["promptVersion", json("prompt_version")],
  ["usageDetails", json("usage_details")],
  ["costDetails", json("_cost")],
  ["costSource", `if(empty(mapKeys(_cost)), 'null', if(_given, '"client"', '"computed"'))`],
  ["totalCost", json(TOTAL)],
  ["latencyMs", ms("start_time", "end_time", "_start", "_end")],
  ["timeToFirstTokenMs", ms("start_time", "completion_start_time", "_start", "_completion")],
];

/** An observation of the span explorer's list as its line, over `OBSERVATION_DISPLAY`'s folded row. */
export const OBSERVATION_LINE: RowLines = {
  derived: `${iso("start_time")} AS _start, ${iso("end_time")} AS _end, ${iso("completion_start_time")} AS _completion,
    notEmpty(mapKeys(cost_given)) AS _given, if(_given, cost_given, cost_computed) AS _cost`,
  fields: FIELDS,
};
