import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { Deps } from "@core/platform/deps";
import type { Log } from "@core/platform/ports";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { types } from "@electric-sql/pglite";
import { connectRpc, type Handlers, type Rpc, serveObject } from "./thread-rpc";

const TSX_API = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm/api")).href.replace(/\.cjs$/, ".mjs");
const ENTRY = new URL("./ingest-thread-entry.ts", import.meta.url).href;

/** What crosses to the thread at its start (structured-cloneable). */
export interface IngestThreadData {
  root: string;
  config: Deps["config"];
  logLevel: string;
  /** Set when Postgres is a server: the thread opens its own connections instead of asking this thread. */
  databaseUrl: string | null;
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
export const TELEMETRY_METHODS = ["query", "insert", "insertEncoded", "command"];

/** drizzle's PGlite driver reads these types as text; the thread's drizzle maps them as it would here. */
const AS_TEXT = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [
    t,
    (v: string) => v,
  ]),
);

/**
 * The local ingest worker on its own thread and event loop (docs/ingest.md, "The local worker"), as on
 * AWS where it is another function: the queue runner of this thread receives and acknowledges, the thread
 * runs the handler. The stores a process may open once (embedded Postgres, chDB, the queues) stay here and
 * answer the thread's calls. A thread that dies mid-delivery fails its invocation: the runner releases the
 * messages for another delivery, and the next invocation starts a new thread.
 */
export function startIngestThread(options: { data: IngestThreadData; deps: Deps; log: Log; relay: () => void }) {
  const { deps, log } = options;
  const pglite = options.data.databaseUrl ? null : ((deps.db as unknown as { $client: PGlite }).$client ?? null);
  let nextTx = 0;
  const transactions = new Map<number, { tx: Transaction; finished: Promise<void>; end(commit: boolean): void }>();
  const clientOf = (txId: number | null) => {
    if (txId === null) return pglite!;
    const open = transactions.get(txId);
    if (!open) throw new Error(`No open transaction ${txId}`);
    return open.tx;
  };

  const handlers: Handlers = {
    ...serveObject("telemetry", deps.telemetry, TELEMETRY_METHODS),
    ...serveObject("blobs", deps.blobs, BLOB_METHODS),
    ...serveObject("bus", deps.bus, ["publish"]),
    ...Object.assign(
      {},
      ...QUEUE_NAMES.map((q) => serveObject(`queues.${q}`, deps.queues[q as keyof Deps["queues"]], QUEUE_METHODS)),
    ),
    relay: () => options.relay(),
    "pg.query": (txId: number | null, sql: string, params: unknown[], rowMode: "array" | "object" | undefined) =>
      clientOf(txId).query(sql, params, { rowMode, parsers: AS_TEXT }),
    "pg.exec": (txId: number | null, sql: string) => clientOf(txId).exec(sql),
    "pg.begin": () =>
      new Promise<number>((begun, failed) => {
        const id = nextTx++;
        let started = false;
        const finished: Promise<void> = pglite!.transaction(
          (tx) =>
            new Promise<void>((commit, rollback) => {
              started = true;
              transactions.set(id, {
                tx,
                finished,
                end: (ok) => (ok ? commit() : rollback(new Error("Rolled back by the ingest worker thread"))),
              });
              begun(id);
            }),
        );
        finished.then(
          () => transactions.delete(id),
          (e: unknown) => {
            transactions.delete(id);
            if (!started) failed(e);
          },
        );
      }),
    "pg.end": async (txId: number, commit: boolean) => {
      const open = transactions.get(txId);
      if (!open) throw new Error(`No open transaction ${txId}`);
      open.end(commit);
      // Answered once the COMMIT or ROLLBACK ran, so the thread's next statement sees its effect.
      if (commit) await open.finished;
      else await open.finished.catch(() => {});
    },
  };

  let worker: Worker | null = null;
  let rpc: Rpc | null = null;
  let exited: Promise<void> = Promise.resolve();
  let stopping = false;

  function spawn(): Rpc {
    // The thread compiles TypeScript as the process does: tsx's loader is registered in it before the entry
    // loads (a worker inherits neither the process's `--import` hooks nor vitest's transform).
    const boot = `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(ENTRY)}); })`;
    const w = new Worker(boot, { eval: true, execArgv: profilerFlags(), workerData: options.data });
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
        // What the dead thread left open rolls back, so embedded Postgres serves everyone else again.
        for (const open of transactions.values()) open.end(false);
        if (worker === w) {
          worker = null;
          rpc = null;
        }
        done();
        // A thread that died (not one stopped) is replaced at once, warm before the next delivery.
        if (!stopping) spawn();
      }),
    );
    return channel;
  }

  // Started now, so that its start-up (compiling the worker's modules) is not the first delivery's wait.
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
    /** The thread's id while one runs (tests and logs). */
    get threadId(): number | null {
      return worker?.threadId ?? null;
    },
  };
}

export type IngestThread = ReturnType<typeof startIngestThread>;

/**
 * A process started under `--cpu-prof` profiles the thread too (one profile per thread, named by thread id), so a
 * profile of the end-to-end run shows the worker's side (docs/ingest.md, "Throughput: where the time goes"). No other
 * flag is passed on: the process's `--import` hooks are registered in the thread by its boot script.
 */
function profilerFlags(): string[] {
  return process.execArgv.filter((flag) => flag.startsWith("--cpu-prof"));
}
