import type { Deps } from "../platform/deps";
import { isoOf } from "../telemetry";
import { body } from "./get-trace";

type Reader = Pick<Deps, "telemetry" | "blobs">;

/** What an evaluation reads of a trace: its bodies and its observations' bodies, offloaded ones fetched. */
export interface TraceBodies {
  id: string;
  name: string | null;
  sessionId: string | null;
  environment: string | null;
  timestamp: string | null;
  input: unknown;
  output: unknown;
  metadata: unknown;
  /** By start time; empty unless asked for. */
  observations: {
    id: string;
    name: string | null;
    input: unknown;
    output: unknown;
    metadata: unknown;
    endTime: string | null;
  }[];
}

interface Row {
  id: string;
  timestamp: string;
  name: string | null;
  session_id: string | null;
  environment: string | null;
  input: string | null;
  output: string | null;
  metadata: string | null;
}

interface ObservationRow {
  id: string;
  trace_id: string;
  name: string | null;
  input: string | null;
  output: string | null;
  metadata: string | null;
  end_time: string;
}

/**
 * The bodies of many traces in two statements (traces, and their observations when `observations`), for
 * evaluations that score traces in bulk (docs/evaluators.md, "Backfill"). A trace not stored is absent.
 */
export async function readTraceBodies(
  deps: Reader,
  projectId: string,
  traceIds: readonly string[],
  options: { observations: boolean },
): Promise<Map<string, TraceBodies>> {
  const out = new Map<string, TraceBodies>();
  if (traceIds.length === 0) return out;
  const params = { projectId, ids: [...new Set(traceIds)] };
  const [traces, observations] = await Promise.all([
    deps.telemetry.query<Row>(
      `SELECT id, toString(timestamp) AS timestamp, name.2 AS name, session_id.2 AS session_id, environment.2 AS environment,
        input.2 AS input, output.2 AS output, metadata.2 AS metadata
       FROM traces FINAL PREWHERE project_id = {projectId:String} AND id IN {ids:Array(String)}`,
      params,
    ),
    options.observations
      ? deps.telemetry.query<ObservationRow>(
          `SELECT id, trace_id, name.2 AS name, input.2 AS input, output.2 AS output, metadata.2 AS metadata, toString(end_time) AS end_time
           FROM observations FINAL PREWHERE project_id = {projectId:String} AND trace_id IN {ids:Array(String)} ORDER BY start_time, id`,
          params,
        )
      : Promise.resolve([]),
  ]);
  // Bodies of all rows at once: offloaded ones are blob reads.
  const bodies = (r: { input: string | null; output: string | null; metadata: string | null }) =>
    Promise.all([body(deps, r.input), body(deps, r.output), body(deps, r.metadata)]);
  const [traceBodies, observationBodies] = await Promise.all([
    Promise.all(traces.map(bodies)),
    Promise.all(observations.map(bodies)),
  ]);
  traces.forEach((t, i) => {
    const [input, output, metadata] = traceBodies[i]!;
    out.set(t.id, {
      id: t.id,
      name: t.name,
      sessionId: t.session_id,
      environment: t.environment,
      timestamp: isoOf(t.timestamp),
      input,
      output,
      metadata,
      observations: [],
    });
  });
  observations.forEach((o, i) => {
    const [input, output, metadata] = observationBodies[i]!;
    out
      .get(o.trace_id)
      ?.observations.push({ id: o.id, name: o.name, input, output, metadata, endTime: isoOf(o.end_time) });
  });
  return out;
}

/** Most turns a thread transcript holds: the newest ones of a longer session. */
export const TRANSCRIPT_TURNS = 200;

/** A session's traces in time order with their input and output, the newest `TRANSCRIPT_TURNS` of them. */
export async function readSessionTurns(
  deps: Reader,
  projectId: string,
  sessionId: string,
): Promise<{ traceId: string; timestamp: string | null; input: unknown; output: unknown }[]> {
  const rows = await deps.telemetry.query<{
    id: string;
    timestamp: string;
    input: string | null;
    output: string | null;
  }>(
    `SELECT id, timestamp, input, output FROM (
       SELECT id, toString(min(timestamp)) AS timestamp, max(input).2 AS input, max(output).2 AS output, max(session_id).2 AS session FROM traces
       WHERE project_id = {projectId:String} AND id IN (SELECT id FROM traces WHERE project_id = {projectId:String} AND session_id.2 = {sessionId:String})
       GROUP BY id HAVING session = {sessionId:String} ORDER BY timestamp DESC, id DESC LIMIT ${TRANSCRIPT_TURNS}
     ) ORDER BY timestamp, id`,
    { projectId, sessionId },
  );
  return Promise.all(
    rows.map(async (r) => ({
      traceId: r.id,
      timestamp: isoOf(r.timestamp),
      input: await body(deps, r.input),
      output: await body(deps, r.output),
    })),
  );
}
