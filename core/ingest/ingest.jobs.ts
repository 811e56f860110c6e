import * as z from "zod";

/** Queue message of the claim check: the batch itself waits in the blob store. */
export const IngestJob = z.object({
  projectId: z.string().min(1),
  blobKey: z.string().min(1),
  receivedAt: z.string(),
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
