import type { Deps } from "../platform/deps";
import { SCORE_COLUMNS, type ScoreRow } from "../telemetry";
import { scoreView } from "./score-view";

/** The scores of one trace (on the trace or any of its observations), oldest first: what a trace's detail shows. */
export async function traceScores(deps: Pick<Deps, "telemetry">, projectId: string, traceId: string) {
  const rows = await deps.telemetry.query<ScoreRow>(
    `SELECT ${SCORE_COLUMNS} FROM scores FINAL PREWHERE project_id = {projectId:String} AND trace_id = {traceId:String} ORDER BY timestamp, id`,
    { projectId, traceId },
  );
  return rows.map(scoreView);
}
