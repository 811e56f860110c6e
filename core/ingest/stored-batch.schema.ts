import { z } from "zod";

/** What the API stored in the blob: the accepted events of one request, already validated per event. */
export const StoredBatch = z.object({
  projectId: z.string(),
  receivedAt: z.string(),
  events: z.array(z.object({ id: z.string(), type: z.string(), timestamp: z.string(), body: z.record(z.string(), z.unknown()) })),
});
export type StoredBatch = z.infer<typeof StoredBatch>;
