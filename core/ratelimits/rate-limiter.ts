import type { Deps } from "../platform/deps";
import { rateLimited } from "../platform/errors";
import type { Principal } from "../platform/principal";
import { SharedLeases } from "./shared-leases";
import { TokenBuckets } from "./token-bucket";

/**
 * Ingest calls (batches, OTLP, `POST /v1/scores`) count per project; share-link reads, which carry no credentials,
 * per client address; every other call per API key.
 */
export type RateLimitClass = "ingest" | "api" | "shared";

/** Who a call is charged to: the principal for authenticated classes, the client's address for `shared`. */
export type RateLimitSubject = Pick<Principal, "projectId" | "keyId"> | { clientIp: string };

function bucketOf(subject: RateLimitSubject, kind: RateLimitClass): string {
  if ("clientIp" in subject) return `shared:${subject.clientIp}`;
  return kind === "ingest" ? `ingest:${subject.projectId}` : `api:${subject.keyId}`;
}

const WHOSE: Record<RateLimitClass, string> = {
  ingest: "ingest requests of this project",
  api: "requests of this API key",
  shared: "share-link requests from this address",
};

/**
 * The rate-limit state of one set of stores, made by the composition root like `Caches`, so two services in one
 * process never share a bucket. Limits come from `Config` and time from `Clock` at each call.
 */
export class RateLimiter {
  /** Exact buckets, for a process that owns its relational store and so sees every request. */
  readonly local = new TokenBuckets();
  /** Leases of buckets kept in Postgres, for instances that share it. */
  readonly shared = new SharedLeases();
}

/**
 * Charges one request of `subject` to its bucket (docs/rate-limits.md): in memory on a store this process
 * owns, through leases from Postgres otherwise.
 * @throws rate_limited with `retryAfterSeconds` when the bucket is empty.
 */
export async function admit(
  deps: Pick<Deps, "rateLimiter" | "config" | "clock" | "db">,
  subject: RateLimitSubject,
  kind: RateLimitClass,
): Promise<void> {
  const limits = deps.config.rateLimits;
  if (!limits) return;
  const bucket = bucketOf(subject, kind);
  const now = deps.clock.now().getTime();
  const wait = deps.config.ownsRelationalStore
    ? deps.rateLimiter.local.take(bucket, limits[kind], now)
    : await deps.rateLimiter.shared.take(deps.db, bucket, limits[kind], now);
  if (wait > 0) {
    throw rateLimited(
      `Too many ${WHOSE[kind]} (limit ${limits[kind].rate}/s, burst ${limits[kind].burst}); retry after ${wait} s`,
      wait,
    );
  }
}
