import { isIP } from "node:net";
import * as z from "zod";
import { DEFAULT_DATA_DIR } from "./data-dir";
import { RateLimitsSetting } from "./rate-limits-setting";

const flag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1"));

/**
 * Every environment variable Sightline reads, in one place (README's configuration
 * table mirrors it). Composition roots parse it once; core never sees it.
 */
export const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  SIGHTLINE_HOST: z.string().default("127.0.0.1"),
  SIGHTLINE_DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  SIGHTLINE_LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  DATABASE_URL: z.string().optional(),
  SIGHTLINE_CLICKHOUSE_URL: z.string().optional(),
  SIGHTLINE_CLICKHOUSE_USER: z.string().optional(),
  SIGHTLINE_CLICKHOUSE_PASSWORD: z.string().optional(),
  SIGHTLINE_CLICKHOUSE_DATABASE: z.string().optional(),
  /** A self-managed ClickHouse cluster's name: migrations run ON CLUSTER with replicated tables (docs/deployment.md). */
  SIGHTLINE_CLICKHOUSE_CLUSTER: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/)
    .optional(),
  /** With a cluster: several shards, a Distributed table in front of each table (a project lives on one shard). */
  SIGHTLINE_CLICKHOUSE_SHARDED: flag,
  SIGHTLINE_BUCKET: z.string().optional(),
  SIGHTLINE_INGEST_QUEUE_URL: z.string().optional(),
  SIGHTLINE_INGEST_DLQ_URL: z.string().optional(),
  SIGHTLINE_EVAL_QUEUE_URL: z.string().optional(),
  SIGHTLINE_EVAL_DLQ_URL: z.string().optional(),
  SIGHTLINE_EXPERIMENT_QUEUE_URL: z.string().optional(),
  SIGHTLINE_EXPERIMENT_DLQ_URL: z.string().optional(),
  /** The EventBridge bus outbox events go to (the stack sets it); absent locally, where the bus is in-process. */
  SIGHTLINE_EVENT_BUS_NAME: z.string().optional(),
  /** Where GitHub repository dispatches of automations go (GitHub Enterprise, or a test server). */
  SIGHTLINE_GITHUB_API_URL: z.string().url().default("https://api.github.com"),
  AWS_REGION: z.string().default("us-east-1"),
  AWS_ENDPOINT_URL: z.string().optional(),
  /** Set by Lambda for the function's role; elsewhere the AWS SDK's provider chain applies (docs/deployment.md). */
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
  /** The AWS SDKs' service-specific override, for a Secrets Manager emulator apart from the S3/SQS one. */
  AWS_ENDPOINT_URL_SECRETS_MANAGER: z.string().optional(),
  /** The same for Lambda's Invoke API (the model-call function), for an emulator apart from the others. */
  AWS_ENDPOINT_URL_LAMBDA: z.string().optional(),
  /** The same for EventBridge's PutEvents (the outbox relay and the ingest worker's `deliveries.due`). */
  AWS_ENDPOINT_URL_EVENTBRIDGE: z.string().optional(),
  SIGHTLINE_INIT_PUBLIC_KEY: z.string().optional(),
  SIGHTLINE_INIT_SECRET_KEY: z.string().optional(),
  SIGHTLINE_INIT_ORG: z.string().default("default"),
  SIGHTLINE_INIT_PROJECT: z.string().default("default"),
  SIGHTLINE_ALLOW_PRIVATE_URLS: flag,
  /** `npm start` only: `false` serves the API without draining the queues (an API-only node, or benchmarks). */
  SIGHTLINE_RUN_WORKERS: flag,
  /** `npm start` only: the ingest worker runs on its own thread unless `false` (docs/ingest.md, "The local worker"). */
  SIGHTLINE_INGEST_THREAD: flag,
  /** `npm start` only: a JSON line of memory figures every N seconds on stdout (docs/ingest.md, "Memory"); off unless set. */
  SIGHTLINE_MEMORY_LOG_SECONDS: z.coerce.number().positive().optional(),
  /** The web console's development sign-in with an API key (docs/console.md, "Sign-in"); off unless `true`. */
  SIGHTLINE_CONSOLE_KEY_SIGNIN: flag,
  SIGHTLINE_MAX_RECEIVE_COUNT: z.coerce.number().int().positive().default(5),
  SIGHTLINE_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  /** Largest media file an SDK may upload (docs/media.md, "Limits"); 100 MiB unless set. */
  SIGHTLINE_MEDIA_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024 * 1024),
  /** `off`, or `ingest=<rate>/<burst>,api=<rate>/<burst>`; unset, the defaults of Config (docs/rate-limits.md). */
  SIGHTLINE_RATE_LIMITS: RateLimitsSetting,
  SIGHTLINE_SECRETS_ARN: z.string().optional(),
  /** `id:base64key,...`, first active (docs/secrets.md); `npm start` keeps one at `<data dir>/keyring` when unset. */
  SIGHTLINE_KEY_RING: z.string().optional(),
  /** Signs sessions, encrypts TOTP secrets, keys CSRF tokens (docs/auth.md, "The auth secret"); `npm start` keeps one at `<data dir>/auth-secret` when unset. */
  SIGHTLINE_AUTH_SECRET: z.string().min(32).optional(),
  /** Auth secrets replaced by rotation, comma-separated, newest first: still decrypt TOTP secrets and OAuth keys (docs/auth.md, "The auth secret"). */
  SIGHTLINE_AUTH_PREVIOUS_SECRETS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(32, "each previous auth secret has at least 32 characters"))),
  /** The service's public address (magic links, trusted origin); `npm start` uses its own URL, Lambda the request's host when unset. */
  SIGHTLINE_PUBLIC_URL: z.string().url().optional(),
  /** Comma-separated origins whose pages may call /v1/auth with cookies (the console, when served elsewhere). */
  SIGHTLINE_TRUSTED_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  /** The WebAuthn relying party id of passkeys (a host or a parent domain of it); unset: the host of the public URL (docs/auth.md, "Passkeys"). */
  SIGHTLINE_PASSKEY_RP_ID: z.string().min(1).optional(),
  /** How long a session cookie stands in for the database, in seconds; 0 reads the session on every request. */
  SIGHTLINE_SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** `open`: anyone may sign up (and gets an organization); `closed`: only invited emails. */
  SIGHTLINE_SIGNUP: z.enum(["open", "closed"]).default("open"),
  /** Sign-in attempts per client address and path, `<max>/<seconds>`, or `off`. */
  SIGHTLINE_SIGNIN_RATE_LIMIT: z
    .string()
    .default("10/60")
    .transform((v, ctx) => {
      if (v === "off") return null;
      const m = v.match(/^(\d+)\/(\d+)$/);
      if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) {
        ctx.addIssue({ code: "custom", message: "expected <max>/<seconds> or off" });
        return z.NEVER;
      }
      return { max: Number(m[1]), windowSeconds: Number(m[2]) };
    }),
  /** How long a magic link works, in seconds. */
  SIGHTLINE_MAGIC_LINK_SECONDS: z.coerce.number().int().min(30).max(86_400).default(300),
  /** How long the link that confirms a password sign-up's email works, in seconds (docs/auth.md, "Invitations and proven addresses"). */
  SIGHTLINE_VERIFY_LINK_SECONDS: z.coerce.number().int().min(300).max(604_800).default(86_400),
  /** GitHub sign-in's OAuth app (docs/auth.md, "GitHub and Google"); both set turn it on. On AWS: the stage's secret. */
  SIGHTLINE_GITHUB_CLIENT_ID: z.string().optional(),
  SIGHTLINE_GITHUB_CLIENT_SECRET: z.string().optional(),
  /** Where GitHub's sign-in pages and token endpoint are (`/login/oauth/*`): GitHub Enterprise, or a test server. */
  SIGHTLINE_GITHUB_URL: z.string().url().default("https://github.com"),
  /** Google sign-in's OAuth client; both set turn it on. On AWS: the stage's secret. */
  SIGHTLINE_GOOGLE_CLIENT_ID: z.string().optional(),
  SIGHTLINE_GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** The OpenID issuer of Google sign-in (its discovery document names the endpoints and signing keys). */
  SIGHTLINE_GOOGLE_ISSUER: z.string().url().default("https://accounts.google.com"),
  /** The sender of magic-link emails through SES (AWS). */
  SIGHTLINE_MAIL_FROM: z.string().optional(),
  /** Judge requests in flight at once per provider, per process. */
  SIGHTLINE_LLM_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(4),
  /** Time limit of one judge request, in milliseconds. */
  SIGHTLINE_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Retries of a judge request after 429, 5xx, a time-out or a connection failure. */
  SIGHTLINE_LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** The model-call function that runs judge requests for functions carrying no LLM SDK (the stack sets it; docs/deployment.md). */
  SIGHTLINE_MODEL_CALL_FUNCTION: z.string().min(1).optional(),
  /**
   * Name servers that prove SSO domains (docs/auth.md, "Proving the domain"): comma-separated IP addresses with an
   * optional port (`10.0.0.2`, `127.0.0.1:5353`, `[::1]:53`); unset, the system's.
   */
  SIGHTLINE_DNS_SERVERS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .refine(
            isNameServer,
            "each name server is an IP address with an optional port, e.g. 127.0.0.1:5353 or [::1]:53",
          ),
      ),
    ),
  /** Time limit of one outbound call to a customer address (dataset runner triggers), in milliseconds. */
  SIGHTLINE_OUTBOUND_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
});
export type Env = z.infer<typeof Env>;

/** `host` or `host:port` as node's resolver takes them: an IP address (IPv6 in brackets when a port follows). */
function isNameServer(value: string): boolean {
  const m = value.match(/^\[([^\]]+)\](?::(\d{1,5}))?$/) ?? value.match(/^([^:]+)(?::(\d{1,5}))?$/);
  if (!m) return isIP(value) === 6;
  const port = m[2] === undefined ? 53 : Number(m[2]);
  return isIP(m[1]!) !== 0 && port >= 1 && port <= 65535;
}

/** Parses the environment; a bad value stops start-up with every problem named. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = Env.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return result.data;
}
