import { readFileSync } from "node:fs";
import { getHeapStatistics } from "node:v8";
import type { Deps } from "@core/platform/deps";
import type { TelemetryStore } from "@core/platform/ports";

/*
 * Opt-in memory samples of `npm start` (SIGHTLINE_MEMORY_LOG_SECONDS; docs/ingest.md, "Memory"): one JSON line on
 * stdout per interval, RSS split into the V8 heaps of both threads, what JS holds outside them, PGlite's WASM heap
 * and chDB's own tracked memory, so a growing RSS can be told apart as ours or a store's. Off unless set. Under
 * `node --expose-gc` each sample follows a full collection on both threads: heapUsed is then what is live.
 */

export interface MemorySources {
  telemetry: Pick<TelemetryStore, "query">;
  /** PGlite's WASM heap in bytes (a WebAssembly memory only grows), or null on a Postgres server. */
  pgliteHeapBytes(): Promise<number | null>;
  /** The V8 heap and `external` of embedded Postgres's own thread (which hold its WASM heap); null when it has none. */
  pgliteThread(): Promise<{ heapTotal: number; external: number } | null>;
  /** The ingest worker thread's V8 heap, asked of the thread; null when none runs. */
  threadHeap(): Promise<{ heapUsed: number; heapTotal: number } | null>;
}

/**
 * The sources of `npm start`: its chDB, its PGlite (absent with DATABASE_URL; on its own thread or this one) and its
 * ingest worker thread, if any.
 */
export function localMemorySources(
  deps: Pick<Deps, "db" | "telemetry">,
  pgliteThread: {
    heapBytes(): Promise<number | null>;
    memory(): Promise<{ heapTotal: number; external: number }>;
  } | null,
  thread: { heap(): Promise<{ heapUsed: number; heapTotal: number } | null> } | null,
): MemorySources {
  // drizzle's PGlite driver keeps its client; PGlite's Emscripten module holds the WASM heap. On its own thread,
  // the thread is asked.
  const pglite = (deps.db as unknown as { $client?: { mod?: { HEAPU8?: Uint8Array } } }).$client;
  return {
    telemetry: deps.telemetry,
    pgliteHeapBytes: async () => (pgliteThread ? pgliteThread.heapBytes() : (pglite?.mod?.HEAPU8?.byteLength ?? null)),
    pgliteThread: async () => (pgliteThread ? pgliteThread.memory() : null),
    threadHeap: () => thread?.heap() ?? Promise.resolve(null),
  };
}

const MB = 1024 * 1024;
const mb = (n: number | null | undefined) => (n == null ? null : Math.round((n / MB) * 10) / 10);

/** chDB's tracked memory and its caches (system tables of the embedded engine); null where a metric is absent. */
async function chdbMemory(telemetry: MemorySources["telemetry"]) {
  const rows = await telemetry
    .query<{ metric: string; value: number | string }>(
      "SELECT metric, value FROM system.metrics WHERE metric IN ('MemoryTracking', 'MergesMutationsMemoryTracking', " +
        "'MarkCacheBytes', 'PrimaryIndexCacheBytes', 'UncompressedCacheBytes', 'QueryCacheBytes')",
    )
    .catch(() => []);
  return Object.fromEntries(rows.map((r) => [r.metric, mb(Number(r.value))]));
}

/** The process's RSS split by kind (kB lines of /proc/self/status), Linux only. */
function rssParts(): { rssAnon?: number | null; rssFile?: number | null } {
  try {
    const status = readFileSync("/proc/self/status", "utf8");
    const kb = (key: string) => Number(/\d+/.exec(status.split("\n").find((l) => l.startsWith(key)) ?? "")?.[0] ?? NaN);
    return { rssAnon: mb(kb("RssAnon:") * 1024), rssFile: mb(kb("RssFile:") * 1024) };
  } catch {
    return {};
  }
}

/** A full collection first when node runs with `--expose-gc`, so heapUsed is the live set, not the garbage not yet collected. */
export function collectIfExposed(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

export async function memorySample(sources: MemorySources) {
  collectIfExposed();
  const m = process.memoryUsage();
  const thread = await sources.threadHeap().catch(() => null);
  const pgThread = await sources.pgliteThread().catch(() => null);
  const parts = rssParts();
  // What no V8 heap nor JS-held memory (`external` of the thread that opened PGlite holds its WASM heap) explains:
  // chDB's native memory and the allocator's slack.
  const js =
    m.heapTotal + m.external + (thread?.heapTotal ?? 0) + (pgThread ? pgThread.heapTotal + pgThread.external : 0);
  const rest = parts.rssAnon == null ? null : parts.rssAnon * MB - js;
  return {
    memory: {
      rss: mb(m.rss),
      ...parts,
      heapUsed: mb(m.heapUsed),
      heapTotal: mb(m.heapTotal),
      external: mb(m.external),
      arrayBuffers: mb(m.arrayBuffers),
      mallocedMemory: mb(getHeapStatistics().malloced_memory),
      threadHeapUsed: mb(thread?.heapUsed),
      threadHeapTotal: mb(thread?.heapTotal),
      pgliteHeap: mb(await sources.pgliteHeapBytes()),
      pgliteThreadHeapTotal: mb(pgThread?.heapTotal),
      pgliteThreadExternal: mb(pgThread?.external),
      rest: mb(rest),
      chdb: await chdbMemory(sources.telemetry),
    },
  };
}

/** Writes a sample every `seconds` until stopped; the timer never keeps the process alive. */
export function startMemoryLog(
  seconds: number,
  sources: MemorySources,
  write: (line: string) => void = (line) => process.stdout.write(line),
) {
  const timer = setInterval(() => {
    void memorySample(sources).then((s) => write(`${JSON.stringify({ time: new Date().toISOString(), ...s })}\n`));
  }, seconds * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
