import type { Deps } from "../platform/deps";
import type { Principal } from "../platform/principal";
import * as Scores from "../scores";
import type { IngestJob } from "./ingest.jobs";
import type { IngestResponse, SdkIdentity } from "./ingest.schema";
import { compilePiiPolicy } from "./pii";
import { hasTailRule, headKeeper, samples } from "./sampling";
import { recordSdkUsage } from "./sdk-usage";
import { getIngestSettings } from "./settings";
import type { StoredBatch } from "./stored-batch.schema";
import { type RejectedEvent, reject, traceIdOf, type ValidEvent, validateEvents } from "./validate-events";

const MASKED_FIELDS = ["input", "output"] as const;
/**
 * The largest queue message that carries its batch (docs/ingest.md, "Decisions"): under SQS's 256 KiB
 * message limit with room for the attributes a dead letter adds, so any SQS-compatible queue takes it.
 */
export const INLINE_BATCH_BYTES = 200 * 1024;

/**
 * Checks score events against the project's score configs (docs/scores.md): a misfit becomes a per-event 400
 * in the answer; a fit takes the config's type and id. No read when the batch holds no score.
 */
async function fitScores(
  deps: Pick<Deps, "db" | "config" | "caches">,
  projectId: string,
  events: ValidEvent[],
  out: { results: IngestResponse; rejected: RejectedEvent[] },
): Promise<ValidEvent[]> {
  if (!events.some((e) => e.type === "score-create")) return events;
  const configs = await Scores.scoreConfigsOf(deps, projectId);
  if (configs.length === 0) return events;
  const misfits = new Map<string, string>();
  for (const e of events) {
    if (e.type !== "score-create") continue;
    const fit = Scores.fitScore(configs, e.body as unknown as Scores.ScoreInput);
    if (!fit.ok) misfits.set(e.id, fit.error);
    else {
      e.body.dataType = fit.dataType;
      if (fit.configId) e.body.configId = fit.configId;
    }
  }
  if (misfits.size === 0) return events;
  out.results.successes = out.results.successes.filter((s) => !misfits.has(s.id));
  for (const [id, message] of misfits) reject(out, id, { kind: "score_misfit", message });
  return events.filter((e) => !misfits.has(e.id));
}

/**
 * The claim check of ingest: validates each event, masks PII, applies head
 * sampling, stores the batch as one blob and queues a pointer to it. The answer
 * (207) comes once both are durable, never after the worker ran.
 */
export async function acceptBatch(
  deps: AcceptDeps,
  principal: Pick<Principal, "projectId">,
  input: AcceptInput,
): Promise<IngestResponse> {
  return (await acceptEvents(deps, principal, input)).results;
}

export type AcceptDeps = Pick<Deps, "db" | "blobs" | "queues" | "clock" | "ids" | "config" | "caches">;
/**
 * `unsampled`: the platform's own calls, which sampling never drops
 * (docs/ingest.md, "The platform's own model calls").
 */
export type AcceptInput = { batch: readonly unknown[]; sdk: SdkIdentity | null; unsampled?: boolean };

/** `acceptBatch` with each refused event's problem as data beside the answer (for `submitScore`). */
export async function acceptEvents(
  deps: AcceptDeps,
  principal: Pick<Principal, "projectId">,
  input: AcceptInput,
): Promise<{ results: IngestResponse; rejected: RejectedEvent[] }> {
  const validated = validateEvents(input.batch);
  const out = { results: validated.results, rejected: validated.rejected };
  if (validated.events.length === 0) return out;
  const [settings, events] = await Promise.all([
    getIngestSettings(deps, principal.projectId),
    fitScores(deps, principal.projectId, validated.events, out),
  ]);
  if (events.length === 0) return out;

  const masker = compilePiiPolicy(settings.pii);
  if (masker) {
    for (const e of events) {
      if (e.type === "score-create" || e.type === "sdk-log") continue;
      for (const field of MASKED_FIELDS) if (e.body[field] !== undefined) e.body[field] = masker.mask(e.body[field]);
    }
  }

  // Without a tail rule the API can drop sampled-out traces at once; with one
  // the worker decides, because it sees levels and costs. Dropped events still
  // count as accepted, as in the peers: the client did nothing wrong.
  const sampled = samples(settings.sampling) && !input.unsampled;
  const tail = sampled && hasTailRule(settings.sampling);
  const headKept = sampled && !tail ? headKeeper(settings.sampling.headRate) : null;
  const kept = headKept
    ? events.filter((e) => {
        const traceId = traceIdOf(e);
        return traceId === null || headKept(traceId);
      })
    : events;
  const stored = kept.filter((e) => e.type !== "sdk-log");

  const now = deps.clock.now();
  const work: Promise<unknown>[] = [];
  if (stored.length > 0) {
    const blobKey = `batches/${principal.projectId}/${now.toISOString().slice(0, 10)}/${deps.ids.uuid()}.json`;
    const batch: StoredBatch = {
      projectId: principal.projectId,
      receivedAt: now.toISOString(),
      events: stored,
      sampling: tail ? settings.sampling : null,
      // Counted by the worker, once per delivery, to keep a relational write off the request path.
      sdk: input.sdk ? { ...input.sdk, events: events.length } : null,
    };
    const job: IngestJob = { projectId: principal.projectId, blobKey, receivedAt: batch.receivedAt };
    // A batch that fits rides in its queue message: one durable write, and no S3 PUT and GET, the largest
    // cost per batch on AWS (docs/cost.md). A larger one goes to the blob store first, then its pointer: a
    // worker never holds a pointer whose blob is still landing (docs/ingest.md, "Decisions"). A pointer that
    // fails after its blob leaves an orphan blob, which the client's retry makes harmless and retention removes.
    const batchText = JSON.stringify(batch);
    const pointer = JSON.stringify(job);
    // The batch is serialized once: spliced into the pointer's object when it rides along.
    const inline = `${pointer.slice(0, -1)},"batch":${batchText}}`;
    if (Buffer.byteLength(inline) <= INLINE_BATCH_BYTES) work.push(deps.queues.ingest.send([{ body: inline }]));
    else
      work.push(
        deps.blobs
          .put(blobKey, batchText, { contentType: "application/json" })
          .then(() => deps.queues.ingest.send([{ body: pointer }])),
      );
  } else if (input.sdk) {
    // Nothing left to store (all sampled out): count the request here instead.
    work.push(recordSdkUsage(deps, principal.projectId, [{ ...input.sdk, batches: 1, events: events.length }]));
  }
  await Promise.all(work);
  return out;
}
