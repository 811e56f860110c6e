import * as z from "zod";

/** Wire shapes of the ingest read endpoints, for the OpenAPI document. */
export const IngestHealth = z.object({
  status: z.enum(["ok", "degraded"]),
  queueDepth: z.number(),
  queueInFlight: z.number(),
  oldestQueuedAgeSeconds: z.number().nullable(),
  dlqDepth: z.number(),
  projectDeadLetters: z.number(),
  lastReplay: z
    .object({
      id: z.string(),
      status: z.enum(["running", "done", "failed"]),
      replayed: z.number(),
      skipped: z.number(),
      error: z.string().nullable(),
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
    })
    .nullable(),
});

export const DeadLetter = z.object({
  id: z.string(),
  blobKey: z.string(),
  error: z.string(),
  unrecoverable: z.boolean(),
  attempts: z.number(),
  deadLetteredAt: z.string(),
  replayedAt: z.string().nullable(),
});
export const DeadLetterPage = z.object({ data: z.array(DeadLetter), nextCursor: z.string().nullable() });

export const SdkUsageList = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      version: z.string(),
      batches: z.number(),
      events: z.number(),
      firstSeenAt: z.string(),
      lastSeenAt: z.string(),
    }),
  ),
});
