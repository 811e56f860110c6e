import type { MessagePort, Worker } from "node:worker_threads";
import type { Deps } from "@core/platform/deps";
import type { Log } from "@core/platform/ports";
import type { PendingWork } from "../_runtime/outbox-hook";
import type { PgliteThread } from "./pglite-thread";
import { startTsThread } from "./thread-boot";
import { connectRpc, type Handlers, type Rpc, serveObject } from "./thread-rpc";

const ENTRY = new URL("./ingest-thread-entry.ts", import.meta.url);

/** What crosses to the thread at its start (structured-cloneable). */
export interface IngestThreadData {
  root: string;
  config: Deps["config"];
  logLevel: string;
  /** Set when Postgres is a server: the thread opens its own connections. */
  databaseUrl: string | null;
  /** Otherwise its connection to embedded Postgres on its own thread (functions/local/pglite-thread.ts). */
  pglite?: MessagePort;
  /**
   * The API's cache generations (shared memory): the thread's caches are its own, their generations the same,
   * so a write through the API is never served stale by the thread (docs/architecture.md, "In-process caches").
   */
  cacheGenerations: SharedArrayBuffer;
}

export const QUEUE_NAMES = [
  "ingest",
  "ingestDeadLetters",
  "eval",
  "evalDeadLetters",
  "experiment",
  "experimentDeadLetters",
];
export const QUEUE_METHODS = ["send", "receive", "ack", "release", "stats"];
export const BLOB_METHODS = ["put", "get", "list", "delete", "presignPut", "presignGet"];
export const TELEMETRY_METHODS = ["query", "queryLines", "insert", "insertEncoded", "command"];

/**
 * The local ingest worker on its own thread and event loop (docs/ingest.md, "The local worker"), as on
 * AWS where it is another function: the queue runner of this thread receives and acknowledges, the thread
 * runs the handler. The stores a process may open once (chDB, the queues, the blob files) stay here and answer the
 * thread's calls; embedded Postgres answers it from its own thread, over a connection of its own. A thread that dies mid-delivery fails its invocation: the runner releases the
 * messages for another delivery, and the next invocation starts a new thread.
 */
export function startIngestThread(options: {
  data: IngestThreadData;
  deps: Deps;
  log: Log;
  relay: (work: PendingWork) => void;
  /** Embedded Postgres's thread; null with a Postgres server. */
  pglite: PgliteThread | null;
  /**
   * The handler the thread runs, imported ahead of the first delivery (`warm`): under tsx its modules (most of core)
   * take about a second to load, which the first batch would otherwise wait for (docs/ingest.md, "The local worker").
   */
  preload?: string;
}) {
  const { deps, log, pglite } = options;
  if (!pglite && !options.data.databaseUrl)
    throw new Error("The ingest worker thread needs Postgres on a server or embedded Postgres on its own thread");

  const handlers: Handlers = {
    ...serveObject("telemetry", deps.telemetry, TELEMETRY_METHODS),
    ...serveObject("blobs", deps.blobs, BLOB_METHODS),
    ...serveObject("bus", deps.bus, ["publish"]),
    ...Object.assign(
      {},
      ...QUEUE_NAMES.map((q) => serveObject(`queues.${q}`, deps.queues[q as keyof Deps["queues"]], QUEUE_METHODS)),
    ),
    relay: (work: PendingWork) => options.relay(work),
  };

  let worker: Worker | null = null;
  let rpc: Rpc | null = null;
  let exited: Promise<void> = Promise.resolve();
  let stopping = false;

  function spawn(): Rpc {
    // Each thread gets a connection of its own to embedded Postgres: a dead thread's open transactions roll back.
    const port = pglite?.connect();
    const w = startTsThread(ENTRY, {
      workerData: port ? { ...options.data, pglite: port } : options.data,
      transferList: port ? [port] : [],
    });
    const channel = connectRpc(w, handlers);
    worker = w;
    rpc = channel;
    w.on("error", (e) =>
      log.error("ingest worker thread failed", { error: e instanceof Error ? e.message : String(e) }),
    );
    exited = new Promise((done) =>
      w.once("exit", (code) => {
        channel.failPending(new Error(`The ingest worker thread exited (code ${code})`));
        channel.close();
        if (worker === w) {
          worker = null;
          rpc = null;
        }
        done();
        // A thread that died (not one stopped) is replaced at once, warm before the next delivery.
        if (!stopping) void warm(spawn());
      }),
    );
    return channel;
  }

  /** Has the thread import the handler now; a failure to load surfaces, as before, in the next invocation. */
  function warm(channel: Rpc): Promise<void> {
    return options.preload
      ? channel.call("warm", options.preload).then(
          () => {},
          () => {},
        )
      : Promise.resolve();
  }

  // Started now, so that its start-up (its entry's modules) is not the first delivery's wait.
  spawn();

  return {
    /** Runs the handler on the thread, starting one if none runs. */
    invoke(handler: string, event: unknown, timeoutSeconds: number): Promise<unknown> {
      return (rpc ?? spawn()).call("invoke", handler, event, timeoutSeconds);
    },
    /** Ends the thread at once, mid-delivery or not (what a crash of the worker alone does); another starts. */
    async kill(): Promise<void> {
      const w = worker;
      if (!w) return;
      await w.terminate();
      await exited;
    },
    /** Ends the thread for good (after the runner stopped taking deliveries). */
    async stop(): Promise<void> {
      stopping = true;
      await worker?.terminate();
      await exited;
    },
    /** The thread's V8 heap while one runs (the opt-in memory log); null otherwise. */
    heap(): Promise<{ heapUsed: number; heapTotal: number } | null> {
      return rpc ? rpc.call("heap") : Promise.resolve(null);
    },
    /** Imports the handler the thread runs (`preload`) before a delivery asks for it. */
    warm(): Promise<void> {
      return rpc ? warm(rpc) : Promise.resolve();
    },
    /** Whether the running thread has imported `handler` (tests); false while none runs. */
    handlerLoaded(handler: string): Promise<boolean> {
      return rpc ? rpc.call("handlerLoaded", handler) : Promise.resolve(false);
    },
    /** The thread's id while one runs (tests and logs). */
    get threadId(): number | null {
      return worker?.threadId ?? null;
    },
  };
}

export type IngestThread = ReturnType<typeof startIngestThread>;
