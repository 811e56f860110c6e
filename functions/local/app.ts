import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Worker } from "node:worker_threads";
import { serveSignedBlob } from "@core/adapters/local/blob-url-server";
import { FsBlobStore } from "@core/adapters/local/fs-blob-store";
import { SIGNED_BLOB_PATH, SignedBlobUrls } from "@core/adapters/local/signed-blob-urls";
import { jsonLog } from "@core/adapters/system/json-log";
import { logMailer } from "@core/adapters/system/log-mailer";
import { randomIds } from "@core/adapters/system/random-ids";
import { systemClock } from "@core/adapters/system/system-clock";
import * as Audit from "@core/audit";
import * as Auth from "@core/auth";
import * as Automations from "@core/automations";
import { Caches } from "@core/platform/cache";
import type { Deps } from "@core/platform/deps";
import type { Mailer } from "@core/platform/ports";
import { RateLimiter } from "@core/ratelimits";
import * as Tenancy from "@core/tenancy";
import { authSecret, buildOAuthResource } from "../_runtime/auth";
import { provideDeps } from "../_runtime/deps";
import { parseEnv } from "../_runtime/env";
import { openKeyRing } from "../_runtime/key-ring";
import { installOutboxRelay } from "../_runtime/outbox-hook";
import { openDns } from "../_runtime/ports/dns";
import { openExportBuckets } from "../_runtime/ports/export-buckets";
import { openOutbound } from "../_runtime/ports/outbound";
import { eventRules } from "../event-rules";
import { workers } from "../queue-workers";
import { routes } from "../routes";
import { schedules } from "../schedules";
import { backgroundRelay } from "./background-relay";
import { deferredAuth } from "./deferred-auth";
import { deferredLlmProviders } from "./deferred-llm";
import { localEventBus } from "./event-bus";
import { createHttpServer } from "./http-server";
import { type IngestThread, startIngestThread } from "./ingest-thread";
import { localMemorySources, startMemoryLog } from "./memory-log";
import type { PgliteThread } from "./pglite-thread";
import { localThreads } from "./pglite-thread-boot";
import { startQueueRunner } from "./queue-runner";
import { startScheduler } from "./scheduler";
import { createStaticFiles } from "./static-files";
import { openStores } from "./stores";

const root = fileURLToPath(new URL("../../", import.meta.url));
/**
 * How long after the app has started the ingest worker's thread imports its handler: late enough not to slow the
 * start's first answers on two cores, early enough to be done before an SDK's first flush.
 */
const INGEST_PRELOAD_MS = 1_000;

export interface LocalApp {
  url: string;
  deps: Deps;
  /** A key minted because the store held none; shown once. */
  mintedKey: { publicKey: string; secretKey: string } | null;
  /** Runs each queue's worker once over what is queued now (tests use it instead of polling). */
  drainQueues(): Promise<number>;
  trigger(schedule: string): Promise<unknown>;
  /** The ingest worker's own thread when it drains in the background (tests kill it alone); null otherwise. */
  ingestThread: IngestThread | null;
  /** Embedded Postgres's own thread when the ingest worker has one (tests and the memory log); null otherwise. */
  pgliteThread: PgliteThread | null;
  stop(): Promise<void>;
}

/**
 * The local composition root: the whole service in one process on embedded
 * stores (or the real services the environment names), the same handlers as Lambda.
 */
export async function startLocalApp(
  source: Record<string, string | undefined>,
  options: {
    background?: boolean;
    mailer?: Mailer;
    /** Embedded Postgres's thread when `npm start` started it before loading this module (`bootEarly`). */
    pgliteBoot?: Promise<Worker> | null;
  } = {},
): Promise<LocalApp> {
  const env = parseEnv(source);
  const log = jsonLog({ level: env.SIGHTLINE_LOG_LEVEL });
  const mailer = options.mailer ?? logMailer(log);
  // Tests drive queues and schedules by hand; `npm start` runs them in the background.
  const background = options.background ?? true;
  // The ingest worker runs on its own thread and event loop when it drains in the background, as it runs in its
  // own function on AWS, and embedded Postgres then runs on a thread of its own, so that neither the worker's
  // statements nor anyone else's hold up the API's requests; SIGHTLINE_INGEST_THREAD=false keeps both here
  // (docs/ingest.md, "The local worker"). Tests that drain by hand keep them here.
  const { poll, threads } = localThreads(env, background);
  if (options.pgliteBoot && !threads) void options.pgliteBoot.then((w) => w.terminate());
  const stores = await openStores(
    env,
    threads ? { pgliteThread: { log, booting: options.pgliteBoot ?? undefined } } : {},
  );
  await stores.migrate();
  const deps: Deps = {
    ...stores,
    clock: systemClock,
    ids: randomIds,
    caches: new Caches(),
    rateLimiter: new RateLimiter(),
    log,
    keyRing: await openKeyRing(env, { persist: true }),
    // The LLM SDKs and better-auth load when first used (docs/architecture.md, "Start-up").
    llm: deferredLlmProviders(async () =>
      (await import("../_runtime/ports/llm")).openLlmProviders(env, env.SIGHTLINE_ALLOW_PRIVATE_URLS ?? true),
    ),
    outbound: openOutbound(env, env.SIGHTLINE_ALLOW_PRIVATE_URLS ?? true),
    dns: openDns(env),
    exportBuckets: openExportBuckets(env),
    bus: localEventBus({ root, rules: eventRules, log }),
    // Replaced once the server listens and its address (the magic links' base) is known.
    auth: Auth.unavailableAuth(),
    sessions: Auth.unavailableAuth(),
    oauthResource: Auth.noOAuth,
    mailer,
    config: {
      allowPrivateUrls: env.SIGHTLINE_ALLOW_PRIVATE_URLS ?? true,
      maxBodyBytes: env.SIGHTLINE_MAX_BODY_BYTES,
      mediaMaxBytes: env.SIGHTLINE_MEDIA_MAX_BYTES,
      maxReceiveCount: env.SIGHTLINE_MAX_RECEIVE_COUNT,
      rateLimits: env.SIGHTLINE_RATE_LIMITS,
      githubApiUrl: env.SIGHTLINE_GITHUB_API_URL,
      ownsRelationalStore: !env.DATABASE_URL,
    },
  };
  provideDeps(deps);

  const names = { orgName: env.SIGHTLINE_INIT_ORG, projectName: env.SIGHTLINE_INIT_PROJECT };
  if (env.SIGHTLINE_INIT_PUBLIC_KEY && env.SIGHTLINE_INIT_SECRET_KEY) {
    await Tenancy.ensureInitialKey(deps, {
      publicKey: env.SIGHTLINE_INIT_PUBLIC_KEY,
      secretKey: env.SIGHTLINE_INIT_SECRET_KEY,
      ...names,
    });
  }
  const mintedKey = await Tenancy.mintFirstKeyIfNone(deps, names);
  if (deps.config.ownsRelationalStore) {
    // This process alone sends: claims and leases a killed predecessor left hold nothing (docs/automations.md, "Crashes").
    await Audit.releaseClaims(deps);
    await Automations.releaseLeases(deps);
  }

  // Key sign-in stands in until session sign-in lands (docs/console.md, "Sign-in").
  const consoleFiles = createStaticFiles({
    dir: join(root, "console", "dist"),
    config: { apiUrl: "", keySignIn: env.SIGHTLINE_CONSOLE_KEY_SIGNIN ?? false },
  });
  // Media uploads and reads on the embedded blob store go through URLs this server signs and answers (docs/media.md).
  const blobStore = deps.blobs;
  const blobUrls =
    blobStore instanceof FsBlobStore ? new SignedBlobUrls(deps.keyRing.deriveKey("local-blob-urls")) : null;
  if (blobUrls && blobStore instanceof FsBlobStore) blobStore.urls = blobUrls;
  const signedBlobs =
    blobUrls && blobStore instanceof FsBlobStore
      ? {
          path: SIGNED_BLOB_PATH,
          serve: (req: IncomingMessage, res: ServerResponse, u: URL) =>
            serveSignedBlob(blobStore, blobUrls, req, res, u),
        }
      : undefined;
  const server = createHttpServer({
    root,
    routes,
    maxBodyBytes: env.SIGHTLINE_MAX_BODY_BYTES,
    onError: (e) => log.error("request failed", { error: String(e) }),
    // A browser opening the console asks for sign-in next: better-auth loads while it fetches the page's scripts.
    console: {
      serve(...args: Parameters<typeof consoleFiles.serve>) {
        void deps.auth.ready();
        consoleFiles.serve(...args);
      },
    },
    signedBlobs,
  });
  await new Promise<void>((resolve) => server.listen(env.PORT, env.SIGHTLINE_HOST, resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${env.SIGHTLINE_HOST}:${port}`;
  blobUrls?.serveAt(env.SIGHTLINE_PUBLIC_URL ?? url);
  const secret = await authSecret(env, { persist: true });
  const auth = deferredAuth(deps, mailer, env, secret, url);
  deps.auth = auth;
  // The same token check as a Lambda's `oauthResource` port (docs/mcp.md, "Checking tokens without the sign-in stack").
  deps.oauthResource = buildOAuthResource(deps, env, secret, url);
  // The same reader as a Lambda's `sessions` port (createAuth's `session` is it).
  deps.sessions = deps.auth;

  const ingestThread = threads
    ? startIngestThread({
        data: {
          root,
          config: deps.config,
          logLevel: env.SIGHTLINE_LOG_LEVEL,
          databaseUrl: env.DATABASE_URL ?? null,
          cacheGenerations: deps.caches.generations,
        },
        deps,
        log,
        relay: (work) => relay.kick(work),
        pglite: stores.pgliteThread,
        preload: workers.find((w) => w.queue === "ingest")!.handler,
      })
    : null;
  const runners = workers.map((worker) =>
    startQueueRunner({
      root,
      worker,
      queue: deps.queues[worker.queue],
      log,
      poll,
      invoke: worker.queue === "ingest" && ingestThread ? ingestThread.invoke : undefined,
    }),
  );
  // Opt-in memory samples on stdout (docs/ingest.md, "Memory").
  const memoryLog = env.SIGHTLINE_MEMORY_LOG_SECONDS
    ? startMemoryLog(env.SIGHTLINE_MEMORY_LOG_SECONDS, localMemorySources(deps, stores.pgliteThread, ingestThread))
    : null;
  const scheduler = startScheduler({ root, schedules, log, timers: background });
  const relay = backgroundRelay(scheduler, log);
  // Tests relay by hand (`trigger("relay-outbox")`), so what they observe never races a background run.
  installOutboxRelay(async (_deps, work) => (background ? relay.kick(work) : undefined));
  if (background) {
    // What a previous run left pending goes out now, not at the first tick of the schedules.
    relay.kick();
    void scheduler
      .trigger("deliver-automations")
      .catch((e: unknown) => log.error("scheduled job failed", { job: "deliver-automations", error: String(e) }));
  }
  const warming = ingestThread ? setTimeout(() => void ingestThread.warm(), INGEST_PRELOAD_MS) : null;
  warming?.unref();

  return {
    url,
    deps,
    mintedKey,
    async drainQueues() {
      // Until a whole pass finds nothing: an experiment lane queues ingest and eval work after those runners drained.
      let handled = 0;
      for (let pass = -1; pass !== 0; handled += pass) {
        pass = 0;
        for (const runner of runners) for (let n = -1; n !== 0; pass += n) n = await runner.drainOnce();
      }
      return handled;
    },
    trigger: (name) => scheduler.trigger(name),
    ingestThread,
    pgliteThread: stores.pgliteThread,
    async stop() {
      memoryLog?.stop();
      if (warming) clearTimeout(warming);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await Promise.all([...runners.map((r) => r.stop()), scheduler.stop(), relay.idle()]);
      await ingestThread?.stop();
      // better-auth's start-up writes to the store when it was loaded: finished before the store closes.
      await auth.settled();
      await stores.close();
    },
  };
}
