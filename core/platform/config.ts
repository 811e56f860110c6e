import * as z from "zod";

/**
 * One class of calls' limit (docs/rate-limits.md): `rate` requests per second refill a bucket of `burst`. The
 * burst holds at least one second's worth and at most a minute's, so shared windows older than a minute owe nothing.
 */
export const RateLimit = z
  .object({ rate: z.number().int().positive(), burst: z.number().int().positive() })
  .refine((l) => l.burst >= l.rate && l.burst <= 60 * l.rate, "burst must be between the rate and 60 times the rate");
export type RateLimit = z.infer<typeof RateLimit>;

/** Ingest calls count per project, share-link reads per client address, every other call per API key. */
export const RateLimits = z.object({ ingest: RateLimit, api: RateLimit, shared: RateLimit });
export type RateLimits = z.infer<typeof RateLimits>;

/** Runtime settings as values; composition roots fill it from their environment. */
export const Config = z.object({
  /** Allow outbound calls (runners, webhooks) to private and loopback addresses. */
  allowPrivateUrls: z.boolean(),
  /** Largest media file an SDK may upload, in bytes (docs/media.md, "Limits"). */
  mediaMaxBytes: z
    .number()
    .int()
    .positive()
    .default(100 * 1024 * 1024),
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: z
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  /**
   * The relational store is embedded and locked by this process (PGlite), so every
   * write to it passes through here and in-process caches of it can be exact.
   */
  ownsRelationalStore: z.boolean().default(false),
  /** Receives before a queued job is dead-lettered; the stack's redrive policy uses the same number. */
  maxReceiveCount: z.number().int().positive().default(5),
  /** Requests per second and burst of each class of calls; null turns rate limiting off (docs/rate-limits.md). */
  rateLimits: RateLimits.nullable().default({
    ingest: { rate: 100, burst: 200 },
    api: { rate: 50, burst: 100 },
    shared: { rate: 5, burst: 20 },
  }),
  /** Where GitHub repository dispatches go (a GitHub Enterprise or a test server may stand in). */
  githubApiUrl: z.string().url().default("https://api.github.com"),
});
export type Config = z.infer<typeof Config>;
