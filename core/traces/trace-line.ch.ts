import { isoText, jsonOf as json, type LineFields, type RowLines } from "../reads";
import { unpack } from "../telemetry";

/*
 * `traceItem` (./trace-summaries.ts) written in SQL over the same folded row (TRACE_DISPLAY) and the roll-up
 * `traceStats` (./trace-stats.ts) folds from the trace's observations: a trace as one line (a JSON object or a CSV
 * record), for exports (docs/export.md, "Lines written by the store"). tests/integration/exports/export-lines.test.ts
 * holds the two to the same values; a field added to one is added to the other.
 */

/** A time as `isoOf` keeps it: null for null and for the epoch's first second, else the store's text. */
const shown = (c: string) => `if(${c} IS NULL OR startsWith(${c}, '1970-01-01 00:00:00'), NULL, ${c})`;

/** The fields in `traceItem`'s order. */
const FIELDS: LineFields = [
  ["id", json("id")],
  ["timestamp", json("_timestamp")],
  ["name", json("name")],
  ["userId", json("user_id")],
  ["sessionId", json("session_id")],
  ["sessionPath", json("session_path")],
  ["release", json("release")],
  ["version", json("version")],
  ["environment", json("ifNull(environment, 'default')")],
  ["public", "if(public = 1, 'true', 'false')"],
  ["tags", json("arraySort(tags)")],
  ["createdAt", json("_created")],
  ["updatedAt", json("_updated")],
  ["observationCount", "toString(_n)"],
  ["totalCost", `if(_costed > 0, ${json("_cost")}, 'null')`],
  // From the earlier of the trace's timestamp and its first observation's start to its last observation's end.
  [
    "latencyMs",
    `ifNull(toString(if(_from IS NULL OR _to IS NULL, NULL,
      toUnixTimestamp64Milli(toDateTime64(_to, 3, 'UTC')) - toUnixTimestamp64Milli(toDateTime64(_from, 3, 'UTC')))), 'null')`,
  ],
];

/**
 * A trace of the traces list as its line, over `TRACE_DISPLAY`'s folded row and its observations' roll-up, folded
 * from the observations of the page's range only (`trace_id IN` the range's raw keys, which the observations'
 * sort key narrows).
 */
export const TRACE_LINE: RowLines = {
  derived: `${isoText("timestamp")} AS _timestamp, ${isoText("created_at")} AS _created, ${isoText("updated_at")} AS _updated,
    ${shown("timestamp")} AS _start, ${shown("_first")} AS _first_start, ${shown("_last")} AS _to,
    if(_start IS NULL, _first_start, if(_first_start IS NULL, _start, least(_start, _first_start))) AS _from`,
  fields: FIELDS,
  join: (keys) => `LEFT JOIN (
      SELECT trace AS id, toUInt32(count()) AS _n, toUInt32(countIf(c IS NOT NULL)) AS _costed, sum(c) AS _cost,
        toString(min(s)) AS _first, toString(max(e)) AS _last
      FROM (SELECT trace_id AS trace, ${unpack("max(cost_usd)")} AS c, min(start_time) AS s, max(end_time) AS e
            FROM observations WHERE project_id = {projectId:String} AND trace_id IN (${keys}) GROUP BY trace_id, id)
      GROUP BY trace) AS roll_up USING (id)`,
};
