import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../../functions/_runtime/env";
import { localMemorySources, memorySample, startMemoryLog } from "../../../functions/local/memory-log";
import { startTestApp, type TestApp } from "../../support/local-app";

// The opt-in memory log of `npm start` (docs/ingest.md, "Memory"), over the real stores and the worker's thread.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { background: true });
});
afterAll(() => app?.stop());

describe("the opt-in memory log", () => {
  it("is off unless SIGHTLINE_MEMORY_LOG_SECONDS is set, and refuses a period that is not positive", () => {
    expect(parseEnv({}).SIGHTLINE_MEMORY_LOG_SECONDS).toBeUndefined();
    expect(parseEnv({ SIGHTLINE_MEMORY_LOG_SECONDS: "10" }).SIGHTLINE_MEMORY_LOG_SECONDS).toBe(10);
    expect(() => parseEnv({ SIGHTLINE_MEMORY_LOG_SECONDS: "0" })).toThrow(
      /^Invalid configuration: SIGHTLINE_MEMORY_LOG_SECONDS: /,
    );
  });

  it("splits RSS into both V8 heaps, PGlite's WASM heap, chDB's tracked memory and the rest", async () => {
    const { memory } = await memorySample(localMemorySources(app.deps, app.pgliteThread, app.ingestThread));
    expect(memory.rss).toBeGreaterThan(0);
    expect(memory.heapUsed).toBeGreaterThan(0);
    expect(memory.heapTotal).toBeGreaterThanOrEqual(memory.heapUsed!);
    // The worker's thread answers for its own heap, apart from this thread's.
    expect(memory.threadHeapUsed).toBeGreaterThan(0);
    expect(memory.threadHeapTotal).toBeGreaterThanOrEqual(memory.threadHeapUsed!);
    if (process.env.DATABASE_URL) {
      // The Postgres pass (.ci/run) runs the service on a Postgres server: there is no PGlite heap to count.
      expect(memory.pgliteHeap).toBeNull();
    } else {
      // PGlite's heap is a WebAssembly memory: whole 64 KiB pages, counted in `external` of its own thread.
      expect(memory.pgliteHeap).toBeGreaterThan(0);
      expect(memory.pgliteThreadHeapTotal).toBeGreaterThan(0);
      expect(memory.pgliteThreadExternal).toBeGreaterThanOrEqual(memory.pgliteHeap!);
    }
    expect(memory.chdb.MemoryTracking).toBeGreaterThan(0);
    expect(Object.keys(memory.chdb).sort()).toEqual([
      "MarkCacheBytes",
      "MemoryTracking",
      "MergesMutationsMemoryTracking",
      "PrimaryIndexCacheBytes",
      "QueryCacheBytes",
      "UncompressedCacheBytes",
    ]);
    expect(typeof memory.rest).toBe("number");
  });

  it("has no thread heaps without threads, and no PGlite heap on a Postgres server", async () => {
    const sources = localMemorySources({ db: {} as never, telemetry: app.deps.telemetry }, null, null);
    const { memory } = await memorySample(sources);
    expect(memory.threadHeapUsed).toBeNull();
    expect(memory.pgliteHeap).toBeNull();
    expect(memory.pgliteThreadHeapTotal).toBeNull();
  });

  it("writes one JSON line per period until stopped", async () => {
    const lines: string[] = [];
    const log = startMemoryLog(0.05, localMemorySources(app.deps, app.pgliteThread, app.ingestThread), (l) =>
      lines.push(l),
    );
    await expect.poll(() => lines.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    log.stop();
    // A sample already under way when stopped may still land; none starts after.
    await new Promise((r) => setTimeout(r, 300));
    const settled = lines.length;
    await new Promise((r) => setTimeout(r, 300));
    expect(lines.length).toBe(settled);
    for (const line of lines) {
      expect(line.endsWith("\n")).toBe(true);
      const parsed = JSON.parse(line) as { time: string; memory: { rss: number } };
      expect(new Date(parsed.time).toISOString()).toBe(parsed.time);
      expect(parsed.memory.rss).toBeGreaterThan(0);
    }
  });
});
