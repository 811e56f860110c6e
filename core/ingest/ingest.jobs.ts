import { z } from "zod";

/** Queue message of the claim check: the batch itself waits in the blob store. */
export const IngestJob = z.object({
  projectId: z.string().min(1),
  blobKey: z.string().min(1),
  receivedAt: z.string(),
});
export type IngestJob = z.infer<typeof IngestJob>;

/** Attribute that carries the reason on a dead-lettered message. */
export const DEAD_LETTER_ERROR = "error";
