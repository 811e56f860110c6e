import { isoText, jsonOf as json, type LineFields, type RowLines, storedJson } from "../reads";

/*
 * `scoreView` (./score-view.ts) written in SQL over the same folded row (SCORE_DISPLAY): a score as one line (JSON
 * or CSV), for exports (docs/export.md, "Lines written by the store"). tests/integration/exports/export-lines.test.ts holds
 * the two to the same values; a field added to one is added to the other.
 */

/** The fields in `scoreView`'s order. */
const FIELDS: LineFields = [
  ["id", json("id")],
  ["traceId", json("if(trace_id = '', NULL, trace_id)")],
  ["observationId", json("observation_id")],
  ["sessionId", json("session_id")],
  ["name", json("name")],
  ["value", json("if(data_type = 'CATEGORICAL', NULL, value)")],
  ["stringValue", json("string_value")],
  ["dataType", json("data_type")],
  ["source", json("source")],
  ["comment", json("comment")],
  ["configId", json("config_id")],
  ["environment", json("ifNull(environment, 'default')")],
  ["metadata", storedJson("metadata")],
  ["timestamp", json("_timestamp")],
];

/** A score of the scores list as its line, over `SCORE_DISPLAY`'s folded row. */
export const SCORE_LINE: RowLines = {
  derived: `${isoText("timestamp")} AS _timestamp`,
  fields: FIELDS,
};
