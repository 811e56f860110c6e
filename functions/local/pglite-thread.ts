import { MessageChannel, type MessagePort, type Worker } from "node:worker_threads";
import type { PostgresHandle } from "@core/adapters/postgres/migrate";
import type { Log } from "@core/platform/ports";
import { migrate } from "drizzle-orm/pglite/migrator";
import { remotePgliteDb } from "./pglite-rpc";
import { bootPgliteThread } from "./pglite-thread-boot";
import { connectRpc } from "./thread-rpc";

export interface PgliteThread extends PostgresHandle {
  /** A connection for another thread: a port to transfer to it; what it leaves open rolls back when it goes away. */
  connect(): MessagePort;
  /** PGlite's WASM heap in bytes (the opt-in memory log). */
  heapBytes(): Promise<number | null>;
  /** The thread's V8 heap and `external` (which holds the WASM heap). */
  memory(): Promise<{ heapTotal: number; external: number }>;
}

/**
 * Embedded Postgres on a thread of its own, for `npm start` (docs/ingest.md, "The local worker"). PGlite runs each
 * statement to its end on the thread that opened it: on the API's thread, every statement of the ingest worker, the
 * outbox relay and the webhooks held up the requests waiting behind it. Here this thread's drizzle sends statements
 * and transactions to it, as the ingest worker's thread does over a port of its own.
 */
export async function openPgliteThread(
  dataDir: string,
  log: Log,
  booting: Promise<Worker> = bootPgliteThread(dataDir),
): Promise<PgliteThread> {
  const worker = await booting;
  const rpc = connectRpc(worker, {});
  worker.on("error", (e) =>
    log.error("embedded Postgres thread failed", { error: e instanceof Error ? e.message : String(e) }),
  );
  let exited = false;
  let closing = false;
  worker.once("exit", (code) => {
    exited = true;
    rpc.failPending(new Error(`The embedded Postgres thread exited (code ${code})`));
    // Every later statement fails at once; the process keeps serving what needs no Postgres until it is restarted.
    if (!closing) log.error("embedded Postgres thread exited", { code });
  });
  const db = remotePgliteDb(rpc);
  return {
    db,
    migrate: (migrationsFolder) => migrate(db as never, { migrationsFolder }),
    async close() {
      closing = true;
      if (exited) return;
      await rpc.call("close");
      await worker.terminate();
    },
    connect() {
      const { port1, port2 } = new MessageChannel();
      worker.postMessage({ connect: port2 }, [port2]);
      return port1;
    },
    heapBytes: () => rpc.call<number | null>("heapBytes"),
    memory: () => rpc.call("memory"),
  };
}
