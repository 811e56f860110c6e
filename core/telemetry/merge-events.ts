import { chTime, PartialRow } from "./partial-row";

/**
 * Events of one project received together, each already validated (ingest's stored batch, or scores
 * written inside the service). `type` and `body` follow the Langfuse ingestion event format (docs/ingest.md).
 */
export interface EventBatch {
  projectId: string;
  /** When the batch was received: the day a new trace's rows are partitioned by. */
  receivedAt: string;
  events: readonly { id: string; type: string; timestamp: string; body: Record<string, unknown> }[];
}

/** The partial rows of a set of batches, one per entity, keyed `project/id`. */
export interface MergedRows {
  traces: Map<string, PartialRow>;
  observations: Map<string, PartialRow>;
  scores: Map<string, PartialRow>;
  /** Observation updates that named no trace and whose create was not in these batches. */
  orphans: PartialRow[];
}

// biome-ignore lint/suspicious/noExplicitAny: bodies passed the ingest schema already; fields are read by name and stored as sent.
type Body = Record<string, any>;

const json = (v: unknown) => (v === undefined || v === null ? undefined : JSON.stringify(v));

function rowOf(map: Map<string, PartialRow>, projectId: string, id: string, traceId: string | null): PartialRow {
  const key = `${projectId}/${id}`;
  let row = map.get(key);
  if (!row) {
    row = new PartialRow(projectId, id, traceId);
    map.set(key, row);
  } else if (row.traceId === null && traceId !== null) row.traceId = traceId;
  return row;
}

function applyTrace(row: PartialRow, t: string, b: Body, eventTime: string) {
  row.min("timestamp", chTime(b.timestamp ?? eventTime));
  for (const [field, key] of [
    ["name", "name"],
    ["user_id", "userId"],
    ["session_id", "sessionId"],
    ["session_path", "sessionPath"],
    ["release", "release"],
    ["version", "version"],
    ["environment", "environment"],
  ] as const) {
    row.set(field, t, b[key]);
  }
  if (typeof b.public === "boolean") row.set("public", t, b.public ? 1 : 0);
  row.set("input", t, json(b.input));
  row.set("output", t, json(b.output));
  row.set("metadata", t, json(b.metadata));
  for (const tag of b.tags ?? []) row.tags.add(tag);
}

const KIND_OF_TYPE: Record<string, string> = {
  "span-create": "span",
  "span-update": "span",
  "generation-create": "generation",
  "generation-update": "generation",
  "event-create": "event",
};

function applyObservation(row: PartialRow, t: string, type: string, b: Body, eventTime: string) {
  const kind = KIND_OF_TYPE[type] ?? (typeof b.type === "string" ? b.type.toLowerCase() : undefined);
  const isCreate = type.endsWith("-create");
  // A kind from an update only fills in; the create's kind is authoritative.
  row.set("type", isCreate ? t : "1970-01-01 00:00:00.001", kind);
  if (isCreate) row.min("start_time", chTime(b.startTime ?? eventTime));
  else row.min("start_time", b.startTime ? chTime(b.startTime) : null);
  row.max("end_time", b.endTime ? chTime(b.endTime) : null);
  if (b.completionStartTime) row.set("completion_start_time", t, chTime(b.completionStartTime));
  for (const [field, key] of [
    ["parent_observation_id", "parentObservationId"],
    ["name", "name"],
    ["level", "level"],
    ["status_message", "statusMessage"],
    ["version", "version"],
    ["environment", "environment"],
    ["model", "model"],
    ["prompt_name", "promptName"],
    ["prompt_version", "promptVersion"],
  ] as const) {
    row.set(field, t, b[key]);
  }
  row.set("model_parameters", t, json(b.modelParameters));
  row.set("input", t, json(b.input));
  row.set("output", t, json(b.output));
  row.set("metadata", t, json(b.metadata));
  // Usage stays raw here; cost resolution normalises it once the model is known.
  row.set("usage_raw", t, b.usageDetails ?? b.usage);
  if (b.costDetails && Object.keys(b.costDetails).length > 0) row.set("cost_given", t, b.costDetails);
}

function applyScore(row: PartialRow, t: string, b: Body, eventTime: string) {
  // A label alone (`stringValue` without `value`) is CATEGORICAL (docs/scores.md, "The shape of a score").
  const dataType =
    b.dataType ?? (typeof b.value === "number" ? "NUMERIC" : typeof b.value === "boolean" ? "BOOLEAN" : "CATEGORICAL");
  row.set("data_type", t, dataType);
  if (dataType === "NUMERIC") row.set("value", t, b.value);
  else if (dataType === "BOOLEAN") {
    const on = b.value === true || b.value === 1;
    row.set("value", t, on ? 1 : 0);
    row.set("string_value", t, on ? "True" : "False");
  } else row.set("string_value", t, b.stringValue ?? String(b.value));
  for (const [field, key] of [
    ["name", "name"],
    ["observation_id", "observationId"],
    ["session_id", "sessionId"],
    ["comment", "comment"],
    ["config_id", "configId"],
    ["environment", "environment"],
  ] as const) {
    row.set(field, t, b[key]);
  }
  row.set("metadata", t, json(b.metadata));
  // Clients cannot send `source` (validation strips it); evaluators and reviews write their own.
  row.set("source", t, b.source ?? "API");
  row.min("timestamp", chTime(b.timestamp ?? eventTime));
}

/**
 * Folds the events of the batches into one partial row per entity, in memory:
 * no read of the store. Events may come in any order, creates after updates.
 */
export function mergeEvents(batches: readonly EventBatch[]): MergedRows {
  const merged: MergedRows = { traces: new Map(), observations: new Map(), scores: new Map(), orphans: [] };
  for (const batch of batches) {
    const p = batch.projectId;
    const seen = chTime(batch.receivedAt);
    for (const e of batch.events) {
      const b = e.body as Body;
      const t = chTime(e.timestamp);
      if (e.type === "trace-create") {
        const row = rowOf(merged.traces, p, b.id, null);
        row.seen(seen);
        applyTrace(row, t, b, e.timestamp);
      } else if (e.type === "score-create") {
        const row = rowOf(merged.scores, p, b.id ?? e.id, b.traceId ?? "");
        row.seen(seen);
        applyScore(row, t, b, e.timestamp);
      } else if (e.type !== "sdk-log") {
        const row = rowOf(merged.observations, p, b.id, b.traceId ?? null);
        row.seen(seen);
        applyObservation(row, t, e.type, b, e.timestamp);
        // A trace exists as soon as something of it arrives, even before (or without) its trace-create.
        if (b.traceId) {
          const trace = rowOf(merged.traces, p, b.traceId, null);
          trace.seen(seen);
          trace.min("timestamp", row.mins.get("start_time"));
        }
      }
    }
  }
  for (const row of merged.observations.values()) if (row.traceId === null) merged.orphans.push(row);
  return merged;
}
