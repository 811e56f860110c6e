import { getHeapStatistics } from "node:v8";
import { parentPort, workerData } from "node:worker_threads";
import { openPostgresJs } from "@core/adapters/postgres/postgres-js";
import { jsonLog, type LogLevel } from "@core/adapters/system/json-log";
import { randomIds } from "@core/adapters/system/random-ids";
import { systemClock } from "@core/adapters/system/system-clock";
import { Caches } from "@core/platform/cache";
import type { Db } from "@core/platform/db";
import type { Deps } from "@core/platform/deps";
import { RateLimiter } from "@core/ratelimits";
import type { SQSEvent } from "aws-lambda";
import { provideDeps } from "../_runtime/deps";
import { installOutboxRelay } from "../_runtime/outbox-hook";
import { BLOB_METHODS, type IngestThreadData, QUEUE_METHODS, QUEUE_NAMES, TELEMETRY_METHODS } from "./ingest-thread";
import { lambdaContext } from "./lambda-context";
import { handlerLoaded, loadHandler } from "./load-handler";
import { collectIfExposed } from "./memory-log";
import { remotePgliteDb } from "./pglite-rpc";
import { withBodyDigests } from "./queue-runner";
import { connectRpc, ownBuffer, remoteObject } from "./thread-rpc";

/*
 * The local ingest worker's thread (functions/local/ingest-thread.ts): the same handler as the SQS worker
 * Lambda, over stores that answer from the API's thread (embedded Postgres from its own), and its own cache entries,
 * as a Lambda instance has, under the API's generations.
 */

const data = workerData as IngestThreadData;
if (!parentPort) throw new Error("ingest-thread-entry runs as a worker thread");

const rpc = connectRpc(parentPort, {
  async invoke(handler: string, event: unknown, timeoutSeconds: number) {
    const run = await loadHandler(data.root, handler);
    return run(withBodyDigests(event as SQSEvent), lambdaContext(handler, timeoutSeconds));
  },
  handlerLoaded,
  async warm(handler: string) {
    await loadHandler(data.root, handler);
  },
  /** This thread's V8 heap, for the opt-in memory log (functions/local/memory-log.ts). */
  heap() {
    collectIfExposed();
    const s = getHeapStatistics();
    return { heapUsed: s.used_heap_size, heapTotal: s.total_heap_size };
  },
});

// Embedded Postgres answers from its own thread, over the connection this thread was started with.
const db: Db = data.databaseUrl
  ? openPostgresJs({ url: data.databaseUrl, max: 4 }).db
  : remotePgliteDb(connectRpc(data.pglite!, {}));

const queues = Object.fromEntries(QUEUE_NAMES.map((q) => [q, remoteObject(rpc, `queues.${q}`, QUEUE_METHODS)]));
const provided: Partial<Deps> = {
  db,
  telemetry: {
    ...remoteObject<Deps["telemetry"]>(rpc, "telemetry", TELEMETRY_METHODS),
    // A delivery's rows cross as bytes moved, not copied: the caller hands them over (core/platform/ports.ts).
    insertEncoded: (table: string, rows: string | Uint8Array) => {
      const moved = typeof rows === "string" ? null : ownBuffer(rows);
      return rpc.transferring("telemetry.insertEncoded", [table, rows], moved ? [moved] : []);
    },
    close: async () => {},
  },
  blobs: remoteObject(rpc, "blobs", BLOB_METHODS),
  queues: queues as unknown as Deps["queues"],
  bus: remoteObject(rpc, "bus", ["publish"]),
  clock: systemClock,
  ids: randomIds,
  log: jsonLog({ level: data.logLevel as LogLevel }),
  config: data.config,
  // Entries of its own, generations shared with the API: its writes invalidate them here at once.
  caches: Caches.sharing(data.cacheGenerations),
  rateLimiter: new RateLimiter(),
};
// A port the ingest worker does not use is absent here: asking for it fails the delivery loudly.
provideDeps(
  new Proxy(provided, {
    get(target, key) {
      if (typeof key === "symbol" || key in target || key === "then") return target[key as keyof Deps];
      throw new Error(`${key} is not available to the local ingest worker thread`);
    },
  }) as Deps,
);
installOutboxRelay(async (_deps, work) => void (await rpc.call("relay", work)));
