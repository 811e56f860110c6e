import { sql } from "drizzle-orm";
import type { RateLimit } from "../platform/config";
import { type Db, rowsOf } from "../platform/db";

/** What this process holds of one bucket. Tokens leased in a window may be spent until the next one ends. */
interface Lease {
  /** Unix seconds of the newest window this process has seen for the bucket. */
  window: number;
  /** Unspent tokens leased in `window`, and in the window before it. */
  current: number;
  previous: number;
  /** Tokens spent in `window`. */
  spent: number;
  /** Tokens the next lease asks for. */
  block: number;
  /** `window` has nothing left for this process: answer from memory until it ends. */
  exhausted: boolean;
  /** The lease statement in flight; requests that find no token wait for it instead of sending their own. */
  pending: Promise<void> | null;
}

/** Windows older than this owe nothing (a burst is at most a minute's worth), so they are deleted. */
const KEEP_SECONDS = 60;

const ignore = () => {};

/**
 * Token buckets shared by every instance of a deployment through Postgres (docs/rate-limits.md, "Many instances"):
 * an instance leases blocks of tokens of the current one-second window with one statement and spends them in
 * memory. The next block is leased while tokens are left, so a request waits for a statement only when its
 * instance has none.
 */
export class SharedLeases {
  private readonly leases = new Map<string, Lease>();
  /** The size at which idle buckets are dropped; it grows when few were, so the sweeps stay amortised. */
  private sweepAt: number;
  private cleanedAt = 0;

  constructor(maxEntries = 10_000) {
    this.sweepAt = maxEntries;
  }

  /** Takes one token of `bucket` at `now` (epoch ms): 0 when taken, else the whole seconds (≥ 1) until one is there. */
  async take(db: Db, bucket: string, limit: RateLimit, now: number): Promise<number> {
    for (;;) {
      const lease = this.leaseOf(bucket, limit, Math.floor(now / 1000));
      if (lease.previous + lease.current > 0) {
        // The older tokens first: they expire sooner.
        if (lease.previous > 0) lease.previous--;
        else lease.current--;
        lease.spent++;
        if (!lease.pending && !lease.exhausted && lease.previous + lease.current <= lease.block >> 1) {
          // A failure of this lease surfaces to the request that next waits for one.
          this.extend(db, bucket, limit, lease).catch(ignore);
        }
        return 0;
      }
      // The next window owes at most burst − rate, so it has a token: the wait ends with this window.
      if (lease.exhausted) return Math.max(1, Math.ceil(((lease.window + 1) * 1000 - now) / 1000));
      await (lease.pending ?? this.extend(db, bucket, limit, lease));
    }
  }

  /** The bucket's lease, moved on to `window` when that is newer (a request may have read an older time). */
  private leaseOf(bucket: string, limit: RateLimit, window: number): Lease {
    let lease = this.leases.get(bucket);
    if (!lease) {
      if (this.leases.size >= this.sweepAt) this.forgetBefore(window - 1);
      lease = { window, current: 0, previous: 0, spent: 0, block: 1, exhausted: false, pending: null };
      this.leases.set(bucket, lease);
    }
    if (window > lease.window) {
      const next = window === lease.window + 1;
      // A process busy in the previous second starts with blocks fit for its pace; an idle one with a single token.
      lease.block = next ? Math.min(maxBlock(limit), Math.max(1, Math.ceil(lease.spent / 4))) : 1;
      lease.previous = next ? lease.current : 0;
      lease.current = 0;
      lease.spent = 0;
      lease.exhausted = false;
      lease.window = window;
    }
    return lease;
  }

  /** Leases the next block for the lease's window; the tokens count for that window, whenever they arrive. */
  private extend(db: Db, bucket: string, limit: RateLimit, lease: Lease): Promise<void> {
    const { window, block } = lease;
    const run = async () => {
      const granted = await leaseTokens(db, bucket, window, block, limit);
      if (granted && lease.window === window) lease.current += block;
      else if (granted && lease.window === window + 1) lease.previous += block;
      if (lease.window !== window) return;
      if (granted) lease.block = Math.min(maxBlock(limit), block * 2);
      // A block did not fit what the window has left; single tokens may.
      else if (block > 1) lease.block = 1;
      else lease.exhausted = true;
      if (window - this.cleanedAt >= KEEP_SECONDS) {
        this.cleanedAt = window;
        await db.execute(sql`DELETE FROM rate_limit_windows WHERE window_start < ${window - KEEP_SECONDS}::bigint`);
      }
    };
    const pending = run().finally(() => {
      if (lease.pending === pending) lease.pending = null;
    });
    lease.pending = pending;
    return pending;
  }

  private forgetBefore(window: number): void {
    for (const [key, lease] of this.leases) if (lease.window < window && !lease.pending) this.leases.delete(key);
    this.sweepAt = Math.max(this.sweepAt, 2 * this.leases.size);
  }
}

/** The most one lease asks for: a tenth of the burst, so tokens an instance holds unspent stay few. */
const maxBlock = (limit: RateLimit) => Math.max(1, Math.floor(limit.burst / 10));

/**
 * Leases `size` tokens of `bucket`'s window, all or none, in one statement. A window's row counts from what the
 * bucket still owes: the latest earlier window's count less the refill since (`rate` per second), never below
 * zero. It may not pass `burst`, so two windows in a row lease at most `burst + rate`, and a busy bucket `rate`
 * per second. Concurrent first leases of a window meet in the primary key: one inserts, the others update.
 */
async function leaseTokens(db: Db, bucket: string, window: number, size: number, limit: RateLimit): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO rate_limit_windows AS w (bucket, window_start, granted)
    SELECT ${bucket}::text, ${window}::bigint, owed.tokens + ${size}::int
    FROM (
      SELECT GREATEST(0, COALESCE((
        SELECT p.granted - ${limit.rate}::int * (${window}::bigint - p.window_start)
        FROM rate_limit_windows p
        WHERE p.bucket = ${bucket}::text AND p.window_start < ${window}::bigint
        ORDER BY p.window_start DESC LIMIT 1
      ), 0))::int AS tokens
    ) owed
    WHERE owed.tokens + ${size}::int <= ${limit.burst}::int
    ON CONFLICT (bucket, window_start) DO UPDATE SET granted = w.granted + ${size}::int
    WHERE w.granted + ${size}::int <= ${limit.burst}::int
    RETURNING granted`);
  return rowsOf(result).length > 0;
}
