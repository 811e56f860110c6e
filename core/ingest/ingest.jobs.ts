import * as z from "zod";
import { StoredBatch } from "./stored-batch.schema";

/**
 * Queue message of an accepted batch: the batch rides in the message when it fits (`batch`), else it waits in
 * the blob store under `blobKey` (the claim check). `blobKey` names the batch either way: dead letters and
 * replays know it by that key (docs/ingest.md, "Decisions").
 */
export const IngestJob = z.object({
  projectId: z.string().min(1),
  blobKey: z.string().min(1),
  receivedAt: z.string(),
  batch: StoredBatch.optional(),
});
export type IngestJob = z.infer<typeof IngestJob>;

/** Asks the worker to move a project's dead letters back onto the ingest queue. */
export const ReplayJob = z.object({
  kind: z.literal("replay"),
  projectId: z.string().min(1),
  replayId: z.string().min(1),
});
export type ReplayJob = z.infer<typeof ReplayJob>;

/** Everything the ingest queue carries. */
export const IngestQueueMessage = z.union([ReplayJob, IngestJob]);
export type IngestQueueMessage = z.infer<typeof IngestQueueMessage>;
