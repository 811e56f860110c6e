import type { AuthService, OAuthResourceServer, SessionVerifier } from "../auth";
import type { RateLimiter } from "../ratelimits";
import type { Caches } from "./cache";
import type { Config } from "./config";
import type { Db } from "./db";
import type { KeyRing } from "./keyring";
import type {
  BlobStore,
  Clock,
  DnsResolver,
  EventBus,
  ExportBuckets,
  Ids,
  JobQueue,
  LlmProviders,
  Log,
  Mailer,
  OutboundHttp,
  TelemetryStore,
} from "./ports";

/** Everything a use case may need; each one takes the `Pick` it uses. */
export interface Deps {
  db: Db;
  telemetry: TelemetryStore;
  blobs: BlobStore;
  /** Ingest batches, online evaluations and experiment lanes, each with its dead letters. */
  queues: {
    ingest: JobQueue;
    ingestDeadLetters: JobQueue;
    eval: JobQueue;
    evalDeadLetters: JobQueue;
    experiment: JobQueue;
    experimentDeadLetters: JobQueue;
  };
  clock: Clock;
  ids: Ids;
  log: Log;
  config: Config;
  /** The in-process caches of these stores (docs/architecture.md, "In-process caches"). */
  caches: Caches;
  /** The rate-limit buckets of this process (docs/rate-limits.md), made like `caches` by the composition root. */
  rateLimiter: RateLimiter;
  /** Seals and opens secrets at rest (provider keys, runner and automation secrets). */
  keyRing: KeyRing;
  /** Judge-model providers, with retries and a concurrency bound per provider. */
  llm: LlmProviders;
  /** Calls to customer-operated addresses (runner triggers), with a time limit and the private-address policy. */
  outbound: OutboundHttp;
  /** Sign-in (better-auth) and the sessions behind cookies (docs/auth.md). */
  auth: AuthService;
  /** The session behind a cookie, read without the sign-in stack (docs/auth.md, "Sessions without the sign-in stack"). */
  sessions: SessionVerifier;
  /** Checks `/v1/mcp` access tokens without the sign-in stack (docs/mcp.md, "Checking tokens without the sign-in stack"). */
  oauthResource: OAuthResourceServer;
  /** Sends magic links: SES on AWS (the auth function's port), the service log locally. */
  mailer: Mailer;
  /** DNS lookups of the domains SSO providers prove (docs/auth.md, "Proving the domain"). */
  dns: DnsResolver;
  /** Carries outbox events to automations and the event sink (docs/automations.md, "Events"). */
  bus: EventBus;
  /** Writes scheduled exports to customers' S3 buckets (docs/export.md). */
  exportBuckets: ExportBuckets;
}
