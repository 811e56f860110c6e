import { isObject } from "./fast-events";
import type { IngestJob } from "./ingest.jobs";
import type { StoredBatch } from "./stored-batch.schema";

/**
 * The ingest worker's hand check of a queue message (docs/ingest.md, "Validation fast path"): the job of an accepted
 * batch, checked against the same rules as `IngestQueueMessage` in ingest.jobs.ts and returned as zod would return
 * it (known keys only, bodies copied one level deep). Anything else (a replay, an extra key, a doubtful value)
 * returns null and the message goes through zod, which accepts it or dead-letters it with its own reason.
 * tests/unit/ingest/fast-queue-message.test.ts checks it against zod.
 */
export function fastIngestJob(message: unknown): IngestJob | null {
  if (!isObject(message) || !onlyKeys(message, JOB_KEYS)) return null;
  const { projectId, blobKey, receivedAt, batch } = message;
  if (!nonEmpty(projectId) || !nonEmpty(blobKey) || typeof receivedAt !== "string") return null;
  const job: IngestJob = { projectId, blobKey, receivedAt };
  if (!("batch" in message)) return job;
  const stored = storedBatch(batch);
  return stored && { ...job, batch: stored };
}

const JOB_KEYS = new Set(["projectId", "blobKey", "receivedAt", "batch"]);
const BATCH_KEYS = new Set(["projectId", "receivedAt", "events", "sdk", "sampling"]);
const EVENT_KEYS = new Set(["id", "type", "timestamp", "body"]);
const SDK_KEYS = new Set(["name", "version", "events"]);
const SAMPLING_KEYS = new Set(["headRate", "tail"]);
const TAIL_KEYS = new Set(["keepErrors", "minCostUsd"]);

function storedBatch(v: unknown): StoredBatch | null {
  if (!isObject(v) || !onlyKeys(v, BATCH_KEYS)) return null;
  const { projectId, receivedAt, events, sdk, sampling } = v;
  if (typeof projectId !== "string" || typeof receivedAt !== "string" || !Array.isArray(events)) return null;
  const checked: StoredBatch["events"] = new Array(events.length);
  for (let i = 0; i < events.length; i++) {
    const event = storedEvent(events[i]);
    if (!event) return null;
    checked[i] = event;
  }
  const out: StoredBatch = { projectId, receivedAt, events: checked };
  if ("sdk" in v) {
    if (sdk !== null && !(isObject(sdk) && onlyKeys(sdk, SDK_KEYS) && sdkShape(sdk))) return null;
    out.sdk =
      sdk === null ? null : { name: sdk.name as string, version: sdk.version as string, events: sdk.events as number };
  }
  if ("sampling" in v) {
    const s = samplingOf(sampling);
    if (s === undefined) return null;
    out.sampling = s;
  }
  return out;
}

function storedEvent(v: unknown): StoredBatch["events"][number] | null {
  if (!isObject(v) || !onlyKeys(v, EVENT_KEYS)) return null;
  const { id, type, timestamp, body } = v;
  if (typeof id !== "string" || typeof type !== "string" || typeof timestamp !== "string" || !isObject(body))
    return null;
  return { id, type, timestamp, body: copyRecord(body) };
}

const sdkShape = (sdk: Record<string, unknown>) =>
  typeof sdk.name === "string" && typeof sdk.version === "string" && finite(sdk.events);

/** The checked sampling (or null), or undefined when zod would refuse it. */
function samplingOf(v: unknown): StoredBatch["sampling"] | undefined {
  if (v === null) return null;
  if (!isObject(v) || !onlyKeys(v, SAMPLING_KEYS) || !finite(v.headRate)) return undefined;
  if (!("tail" in v)) return { headRate: v.headRate };
  const tail = v.tail;
  if (tail === null) return { headRate: v.headRate, tail: null };
  if (!isObject(tail) || !onlyKeys(tail, TAIL_KEYS) || typeof tail.keepErrors !== "boolean") return undefined;
  if (!("minCostUsd" in tail)) return { headRate: v.headRate, tail: { keepErrors: tail.keepErrors } };
  if (tail.minCostUsd !== null && !finite(tail.minCostUsd)) return undefined;
  return { headRate: v.headRate, tail: { keepErrors: tail.keepErrors, minCostUsd: tail.minCostUsd } };
}

const nonEmpty = (v: unknown): v is string => typeof v === "string" && v.length > 0;
const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** Every own key is one the schema knows (zod would strip the others: such a message is left to it). */
function onlyKeys(v: Record<string, unknown>, keys: ReadonlySet<string>): boolean {
  for (const key in v) if (!keys.has(key)) return false;
  return true;
}

/** `z.record(z.string(), z.unknown())`'s output: a shallow copy without an own `__proto__`. */
function copyRecord(v: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in v) if (key !== "__proto__") out[key] = v[key];
  return out;
}
