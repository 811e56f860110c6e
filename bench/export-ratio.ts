import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Session } from "chdb";
import { migrateClickHouse } from "../core/adapters/clickhouse/migrate";
import { ClickHouseTelemetryStore } from "../core/adapters/clickhouse/telemetry-store";
import * as Exports from "../core/exports";
import { OBSERVATION_DISPLAY, selectDisplay } from "../core/telemetry";
import { generate } from "./export";

/**
 * The export's own cost as a ratio to the raw chDB stream, both in this one process over the same rows
 * (docs/export.md, "Speed"): `SIGHTLINE_BENCH_EXPORT_ROWS=100000 npx tsx bench/export-ratio.ts`. Not part of
 * `npm run bench`: no HTTP, no server; under load from other work the ratio holds better than either rate.
 * Rounds alternate export and raw; each line is one round: `ratio` is of wall-clock rates, `cpuRatio` of the CPU
 * time this process spent per row (raw / export), the steadier of the two on a loaded machine.
 */
const ROUNDS = Number(process.env.SIGHTLINE_BENCH_EXPORT_ROUNDS ?? 3);
const PAGE = Number(process.env.SIGHTLINE_BENCH_EXPORT_PAGE ?? Exports.LINE_PAGE);
const PROJECT = "p-export-ratio";

/** CPU seconds this process spent (every thread: chDB's and JS), which load from other processes barely changes. */
const cpuSince = (start: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1e6;
};

async function raw(path: string): Promise<{ rows: number; seconds: number; cpu: number }> {
  const session = new Session(path);
  try {
    const started = performance.now();
    const cpu = process.cpuUsage();
    let rows = 0;
    const stream = session.queryStreamBind(
      `SELECT trace_id, id, ${selectDisplay(OBSERVATION_DISPLAY)} FROM observations WHERE project_id = {projectId:String} GROUP BY trace_id, id SETTINGS do_not_merge_across_partitions_select_final = 1`,
      { projectId: PROJECT },
      { format: "JSONEachRow" },
    );
    for await (const chunk of stream) rows += chunk.numRows;
    return { rows, seconds: (performance.now() - started) / 1000, cpu: cpuSince(cpu) };
  } finally {
    session.cleanup?.();
  }
}

async function exported(
  store: ClickHouseTelemetryStore,
): Promise<{ rows: number; bytes: number; seconds: number; cpu: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const deps = { telemetry: store, blobs: undefined as never };
  const filters = Exports.exportFilters("observations", {});
  const text = await Exports.exportText(deps, PROJECT, "observations", "jsonl", filters, { pageSize: PAGE });
  let rows = 0;
  let bytes = 0;
  for await (const part of text) {
    const chunk = typeof part === "string" ? Buffer.from(part) : Buffer.from(part.buffer, part.byteOffset, part.length);
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
  }
  return { rows, bytes, seconds: (performance.now() - started) / 1000, cpu: cpuSince(cpu) };
}

const dir = mkdtempSync(join(tmpdir(), "sightline-export-ratio-"));
const path = join(dir, "ch");
const store = new ClickHouseTelemetryStore({ chdbPath: path });
try {
  await migrateClickHouse(store, join(import.meta.dirname, "../migrations/clickhouse"));
  await generate(store, PROJECT, Date.now());
  for (let round = 0; round < ROUNDS; round++) {
    const e = await exported(store);
    const r = await raw(path);
    console.log(
      JSON.stringify({
        round,
        exportRows: e.rows,
        exportRowsPerSec: Math.round(e.rows / e.seconds),
        rawRows: r.rows,
        rawRowsPerSec: Math.round(r.rows / r.seconds),
        ratio: Number((e.rows / e.seconds / (r.rows / r.seconds)).toFixed(2)),
        exportCpuS: Number(e.cpu.toFixed(2)),
        rawCpuS: Number(r.cpu.toFixed(2)),
        cpuRatio: Number((r.cpu / e.rows / (e.cpu / r.rows)).toFixed(2)),
        mb: Number((e.bytes / 1e6).toFixed(1)),
        load1: Number(loadavg()[0]!.toFixed(1)),
      }),
    );
  }
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
