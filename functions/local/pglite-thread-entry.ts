import { MessagePort, parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { servePglite, TEXT_PARSERS } from "./pglite-serve";
import { connectRpc } from "./thread-rpc";

/*
 * Embedded Postgres on a thread of its own (functions/local/pglite-thread.ts): PGlite runs each statement to its end
 * on the thread that opened it, so here it holds up neither the API's requests nor the ingest worker. Loaded as
 * CommonJS (`startCjsTsThread`), so no top-level `await`.
 */

async function serve(): Promise<void> {
  if (!parentPort) throw new Error("pglite-thread-entry runs as a worker thread");
  const control = parentPort;
  const { dataDir } = workerData as { dataDir: string };
  const pglite = await PGlite.create({ dataDir, parsers: TEXT_PARSERS });

  connectRpc(control, {
    ...servePglite(pglite).handlers,
    /** PGlite's WASM heap in bytes (a WebAssembly memory only grows), for the opt-in memory log. */
    heapBytes: () => (pglite as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod?.HEAPU8?.byteLength ?? null,
    /** This thread's V8 heap and `external`, which holds the WASM heap (the memory log splits RSS by them). */
    memory: () => {
      const { heapTotal, external } = process.memoryUsage();
      return { heapTotal, external };
    },
    close: () => pglite.close(),
  });

  // Another thread's connection: a port of its own, its transactions rolled back when that thread goes away.
  control.on("message", (m: { connect?: unknown }) => {
    const port = m?.connect;
    if (!(port instanceof MessagePort)) return;
    const served = servePglite(pglite);
    const rpc = connectRpc(port, served.handlers);
    port.once("close", () => {
      served.rollbackOpen();
      rpc.close();
    });
  });
  control.postMessage({ ready: true });
}

// A failure to open ends the thread with its error, which the booting side reports (bootPgliteThread).
serve().catch((e: unknown) =>
  setImmediate(() => {
    throw e;
  }),
);
