import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";
import { ZOD_ENGLISH_HOOKS } from "./zod-english";

const require = createRequire(import.meta.url);
const TSX_API = pathToFileURL(require.resolve("tsx/esm/api")).href.replace(/\.cjs$/, ".mjs");
const TSX_CJS_API = require.resolve("tsx/cjs/api");
/** A process started under `--cpu-prof` profiles its threads too (one profile per thread, named by thread id). */
const threadExecArgv = () => process.execArgv.filter((flag) => flag.startsWith("--cpu-prof"));

type ThreadOptions = Pick<WorkerOptions, "workerData" | "transferList">;

/**
 * A worker thread running the TypeScript module at `entry` as the process does: tsx's loader and zod's English-only
 * index (zod-english.ts) are registered in the thread before the entry loads (a worker inherits neither the
 * process's `--import` hooks, nor its registered ones, nor vitest's transform).
 * Only `--cpu-prof` flags are passed on.
 */
export function startTsThread(entry: URL, options: ThreadOptions): Worker {
  const boot = [
    `Promise.all([import(${JSON.stringify(TSX_API)}), import("node:module")]).then(([tsx, mod]) => {`,
    `tsx.register(); mod.register(${JSON.stringify(ZOD_ENGLISH_HOOKS)}); return import(${JSON.stringify(entry.href)}); })`,
  ].join(" ");
  return new Worker(boot, { eval: true, execArgv: threadExecArgv(), ...options });
}

/**
 * The same for an entry whose modules load as CommonJS: tsx's `require` hook transforms them on the thread itself,
 * where its ESM loader would start a loader thread of its own and cost a few hundred milliseconds of CPU more
 * (docs/architecture.md, "Start-up"). For small graphs without top-level `await` or `import.meta`.
 */
export function startCjsTsThread(entry: URL, options: ThreadOptions): Worker {
  const boot = `require(${JSON.stringify(TSX_CJS_API)}).register(); require(${JSON.stringify(fileURLToPath(entry))});`;
  return new Worker(boot, { eval: true, execArgv: threadExecArgv(), ...options });
}
