import type { Deps } from "../platform/deps";
import { notFound } from "../platform/errors";
import * as Scores from "../scores";
import * as Telemetry from "../telemetry";
import {
  isoOf,
  OBSERVATION_COLUMNS,
  type ObservationRow,
  TRACE_COLUMNS,
  type TraceRow,
  traceFields,
} from "../telemetry";

type Reader = Pick<Deps, "telemetry" | "blobs">;

/** A stored JSON text as its value; text that is not JSON stays as it is. */
function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A stored JSON body, fetched from the blob store when it was offloaded. */
export async function body(deps: Reader, stored: string | null): Promise<unknown> {
  if (stored === null) return null;
  const key = Telemetry.offloadedKey(stored);
  return parsed(key ? Buffer.from((await deps.blobs.get(key)) ?? Buffer.from("null")).toString("utf8") : stored);
}

const ms = (a: string | null, b: string | null) => (a && b ? Date.parse(b) - Date.parse(a) : null);
const sum = (m: Record<string, number>) =>
  Object.entries(m).reduce((acc, [k, v]) => (k === "total" ? acc : acc + v), 0);
const totalOf = (m: Record<string, number>) => (Object.keys(m).length === 0 ? null : (m.total ?? sum(m)));

/**
 * An observation as lists show it, without its bodies: synchronous, since nothing is fetched (`model_parameters` is
 * never offloaded: only input, output and metadata are, docs/ingest.md, "Decisions"), so a page of thousands maps
 * without a promise per row.
 */
export function observationItem(o: Omit<ObservationRow, "input" | "output" | "metadata">) {
  const given = Object.keys(o.cost_given).length > 0;
  const costDetails = given ? o.cost_given : o.cost_computed;
  const startTime = isoOf(o.start_time);
  const endTime = isoOf(o.end_time);
  const completionStartTime = isoOf(o.completion_start_time);
  return {
    id: o.id,
    traceId: o.trace_id,
    type: (o.type ?? "span").toUpperCase(),
    parentObservationId: o.parent_observation_id,
    name: o.name,
    startTime,
    endTime,
    completionStartTime,
    level: o.level ?? "DEFAULT",
    statusMessage: o.status_message,
    version: o.version,
    environment: o.environment ?? "default",
    model: o.model,
    modelParameters: parsed(o.model_parameters),
    promptName: o.prompt_name,
    promptVersion: o.prompt_version,
    usageDetails: o.usage_details,
    costDetails,
    costSource: Object.keys(costDetails).length === 0 ? null : given ? "client" : "computed",
    totalCost: totalOf(costDetails),
    latencyMs: ms(startTime, endTime),
    timeToFirstTokenMs: ms(startTime, completionStartTime),
  };
}

/** An observation whole: the list's fields and its bodies (offloaded ones fetched). */
export async function observationView(deps: Reader, o: ObservationRow) {
  const [input, output, metadata] = await Promise.all([
    body(deps, o.input),
    body(deps, o.output),
    body(deps, o.metadata),
  ]);
  return { ...observationItem(o), input, output, metadata };
}

/** One trace with its observations (flat, parent ids give the tree), scores, cost and latency. */
export async function getTrace(deps: Reader, projectId: string, traceId: string) {
  const params = { projectId, traceId };
  // The key conditions go in PREWHERE: only the entity's rows are read whole (docs/reads.md, "Decisions").
  const [traces, observations, scores] = await Promise.all([
    deps.telemetry.query<TraceRow>(
      `SELECT ${TRACE_COLUMNS} FROM traces FINAL PREWHERE project_id = {projectId:String} AND id = {traceId:String}`,
      params,
    ),
    deps.telemetry.query<ObservationRow>(
      `SELECT ${OBSERVATION_COLUMNS} FROM observations FINAL PREWHERE project_id = {projectId:String} AND trace_id = {traceId:String} ORDER BY start_time, id`,
      params,
    ),
    Scores.traceScores(deps, projectId, traceId),
  ]);
  const t = traces[0];
  if (!t) throw notFound("Trace", traceId);
  const obs = await Promise.all(observations.map((o) => observationView(deps, o)));
  const costs = obs.map((o) => o.totalCost).filter((c): c is number => c !== null);
  const starts = [isoOf(t.timestamp), ...obs.map((o) => o.startTime)].filter((x): x is string => x !== null).sort();
  const ends = obs
    .map((o) => o.endTime)
    .filter((x): x is string => x !== null)
    .sort();
  return {
    ...traceFields(t),
    input: await body(deps, t.input),
    output: await body(deps, t.output),
    metadata: await body(deps, t.metadata),
    observations: obs,
    scores,
    totalCost: costs.length ? costs.reduce((a, b) => a + b, 0) : null,
    latencyMs: starts.length && ends.length ? ms(starts[0]!, ends[ends.length - 1]!) : null,
  };
}
