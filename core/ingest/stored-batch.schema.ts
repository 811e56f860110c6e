import * as z from "zod";

/** What the API stored in the blob: the accepted events of one request, already validated per event. */
export const StoredBatch = z.object({
  projectId: z.string(),
  receivedAt: z.string(),
  events: z.array(
    z.object({ id: z.string(), type: z.string(), timestamp: z.string(), body: z.record(z.string(), z.unknown()) }),
  ),
  /** Who sent the request, counted by the worker for `GET /v1/usage/sdks`. */
  sdk: z.object({ name: z.string(), version: z.string(), events: z.number() }).nullish(),
  /** Set when a tail rule must be applied by the worker; head-only sampling happened in the API. */
  sampling: z
    .object({
      headRate: z.number(),
      tail: z.object({ keepErrors: z.boolean(), minCostUsd: z.number().nullish() }).nullish(),
    })
    .nullish(),
});
export type StoredBatch = z.infer<typeof StoredBatch>;
