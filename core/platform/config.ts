import * as z from "zod";

/** Runtime settings as values; composition roots fill it from their environment. */
export const Config = z.object({
  /** Allow outbound calls (runners, webhooks) to private and loopback addresses. */
  allowPrivateUrls: z.boolean(),
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: z.number().int().positive().default(5 * 1024 * 1024),
  /**
   * The relational store is embedded and locked by this process (PGlite), so every
   * write to it passes through here and in-process caches of it can be exact.
   */
  ownsRelationalStore: z.boolean().default(false),
  /** Receives before a queued job is dead-lettered; the stack's redrive policy uses the same number. */
  maxReceiveCount: z.number().int().positive().default(5),
});
export type Config = z.infer<typeof Config>;
