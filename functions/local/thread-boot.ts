import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";

const TSX_API = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm/api")).href.replace(/\.cjs$/, ".mjs");

/**
 * A worker thread running the TypeScript module at `entry` as the process does: tsx's loader is registered in the
 * thread before the entry loads (a worker inherits neither the process's `--import` hooks nor vitest's transform).
 * A process started under `--cpu-prof` profiles the thread too (one profile per thread, named by thread id); no
 * other flag is passed on.
 */
export function startTsThread(entry: URL, options: Pick<WorkerOptions, "workerData" | "transferList">): Worker {
  const boot = `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  const execArgv = process.execArgv.filter((flag) => flag.startsWith("--cpu-prof"));
  return new Worker(boot, { eval: true, execArgv, ...options });
}
