import type { RateLimit } from "../platform/config";

interface Bucket {
  tokens: number;
  /** When `tokens` was computed, in epoch milliseconds. */
  at: number;
  /** When the bucket is full again if nothing is taken: from then on it equals a missing bucket. */
  fullAt: number;
}

/**
 * Token buckets in memory: exact when this process sees every request of the deployment, as on the embedded
 * store that one process owns (docs/rate-limits.md, "One process").
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  /** The size at which refilled buckets are dropped; it grows when few were, so the sweeps stay amortised. */
  private sweepAt: number;

  constructor(maxEntries = 10_000) {
    this.sweepAt = maxEntries;
  }

  /** Takes one token of `bucket` at `now` (epoch ms): 0 when taken, else the whole seconds (≥ 1) until one is there. */
  take(bucket: string, limit: RateLimit, now: number): number {
    let entry = this.buckets.get(bucket);
    if (!entry) {
      if (this.buckets.size >= this.sweepAt) this.forgetFull(now);
      entry = { tokens: limit.burst, at: now, fullAt: now };
      this.buckets.set(bucket, entry);
    }
    // A clock that steps back refills nothing; the later reading stays the reference.
    const elapsed = Math.max(0, now - entry.at);
    const tokens = Math.min(limit.burst, entry.tokens + (elapsed * limit.rate) / 1000);
    entry.at = Math.max(entry.at, now);
    const admitted = tokens >= 1;
    entry.tokens = admitted ? tokens - 1 : tokens;
    entry.fullAt = entry.at + ((limit.burst - entry.tokens) * 1000) / limit.rate;
    return admitted ? 0 : Math.max(1, Math.ceil((1 - tokens) / limit.rate));
  }

  /** Drops the buckets that have refilled: a full bucket and a missing one admit alike, so nothing changes. */
  private forgetFull(now: number): void {
    for (const [key, entry] of this.buckets) if (entry.fullAt <= now) this.buckets.delete(key);
    this.sweepAt = Math.max(this.sweepAt, 2 * this.buckets.size);
  }

  get size(): number {
    return this.buckets.size;
  }
}
