import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/*
 * What the test suite builds once and reuses across test files and runs (docs/benchmarks.md, "Test suite"): the
 * Lambda bundles and the migrated store template. It lives under node_modules/.cache, which git ignores and
 * `npm install` on a fresh clone starts empty; deleting the folder only costs one rebuild.
 */
const root = fileURLToPath(new URL("../../", import.meta.url));
export const CACHE_ROOT = join(root, "node_modules", ".cache", "sightline-tests");

export const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

/** A stable hash of the files' contents (missing files hash as missing), named by their paths. */
export function hashFiles(paths: readonly string[]): string {
  const hash = createHash("sha256");
  for (const path of [...paths].sort())
    hash.update(`${path}\0`).update(existsSync(path) ? readFileSync(path) : "\0missing\0");
  return hash.digest("hex");
}

/** Every file under `dir`, recursively. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)],
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Runs `fn` while holding a lock shared by every process of the run (vitest forks run test files in parallel and
 * two of them may need the same cache entry at once). The lock is a directory (mkdir is atomic) holding the
 * owner's pid; a lock whose owner died, e.g. a run stopped with Ctrl-C, is taken over.
 */
export async function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  mkdirSync(CACHE_ROOT, { recursive: true });
  const lock = join(CACHE_ROOT, `${name}.lock`);
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, "pid"), String(process.pid));
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      let owner = NaN;
      try {
        owner = Number(readFileSync(join(lock, "pid"), "utf8"));
      } catch {}
      // A lock without a pid file is either being taken right now or was left half-made: give it a few seconds.
      const orphaned = Number.isNaN(owner) ? Date.now() - statMs(lock) > 5_000 : !alive(owner);
      if (orphaned) rmSync(lock, { recursive: true, force: true });
      else await sleep(100);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function statMs(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Date.now();
  }
}

/**
 * The directory `<name>-<key>` under the cache, made by `build` when missing. Built into a temporary directory
 * and renamed into place, so a reader never sees half an entry; older entries of the same name are removed.
 */
export async function cachedDir(name: string, key: string, build: (dir: string) => Promise<void>): Promise<string> {
  const dir = join(CACHE_ROOT, `${name}-${key.slice(0, 16)}`);
  if (existsSync(dir)) return dir;
  return withLock(name, async () => {
    if (existsSync(dir)) return dir;
    const partial = `${dir}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    await build(partial);
    renameSync(partial, dir);
    for (const entry of readdirSync(CACHE_ROOT))
      if (entry.startsWith(`${name}-`) && join(CACHE_ROOT, entry) !== dir)
        rmSync(join(CACHE_ROOT, entry), { recursive: true, force: true });
    return dir;
  });
}
