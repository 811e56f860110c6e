import { mkdir, open, readFile, unlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/*
 * File-system primitives for the local adapters' durability promises: a write is
 * on disk once the file and the directory entry naming it are both fsynced.
 */

/** Writes a new file and fsyncs it; fails if `path` exists. */
export async function writeSynced(path: string, body: Uint8Array | string): Promise<void> {
  const handle = await open(path, "wx");
  try {
    await handle.writeFile(body);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Creates the directory, fsyncing each new directory's parent so the tree itself survives a crash. */
export async function ensureDir(dir: string): Promise<void> {
  const created = await mkdir(dir, { recursive: true });
  if (created === undefined) return;
  for (let d = dirname(dir); ; d = dirname(d)) {
    await syncDir(d);
    if (d === dirname(created)) break;
  }
}

async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const dirSyncs = new Map<string, { inFlight: Promise<void> | null; waiting: Promise<void> | null }>();

/**
 * Fsyncs a directory so that entries created, renamed or removed in it survive a
 * crash. Group commit: callers that arrive while a sync of the directory is in
 * flight (it may have started before their change) share the single next one,
 * so concurrent writers in one directory pay for one fsync instead of one each.
 * Every caller's promise resolves only after a sync that started after its call.
 */
export function syncDir(dir: string): Promise<void> {
  let state = dirSyncs.get(dir);
  if (!state) {
    state = { inFlight: null, waiting: null };
    dirSyncs.set(dir, state);
  }
  const s = state;
  const start = (): Promise<void> => {
    const run: Promise<void> = fsyncDir(dir).finally(() => {
      if (s.inFlight === run) s.inFlight = null;
    });
    s.inFlight = run;
    return run;
  };
  if (!s.inFlight) return start();
  s.waiting ??= s.inFlight
    .catch(() => {})
    .then(() => {
      s.waiting = null;
      return start();
    });
  return s.waiting;
}

/** Directories locked by this process; a second queue instance over one would hand out the same messages. */
const openDirs = new Set<string>();

/** Takes `<dir>/lock` for this process; a lock whose pid is dead (kill -9) is stale and taken over. */
export async function acquireLock(dir: string): Promise<void> {
  // Claimed before the first await, so two opens racing in one process cannot both pass.
  if (openDirs.has(dir)) throw new Error(`DurableLocalQueue: ${dir} is already open in this process`);
  openDirs.add(dir);
  const path = join(dir, "lock");
  try {
    await writeFile(path, String(process.pid), { flag: "wx" }).catch(async (e: NodeJS.ErrnoException) => {
      if (e.code !== "EEXIST") throw e;
      // Our own pid here is a restarted container reusing it, or an instance that was never closed.
      const owner = Number((await readFile(path, "utf8")).trim());
      if (owner !== process.pid && isAlive(owner))
        throw new Error(
          `DurableLocalQueue: ${dir} is in use by process ${owner} (delete ${path} if that is not a Sightline process)`,
        );
      await writeFile(path, String(process.pid));
    });
  } catch (e) {
    openDirs.delete(dir);
    throw e;
  }
}

export async function releaseLock(dir: string): Promise<void> {
  openDirs.delete(dir);
  await unlink(join(dir, "lock")).catch(() => {});
}

function isAlive(pid: number): boolean {
  try {
    return Number.isInteger(pid) && pid > 0 && process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
