import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DurableLocalQueue } from "@core/adapters/local/durable-local-queue";
import { afterAll, afterEach } from "vitest";

/**
 * Scratch space for a test file of the durable local queue: `tempDir()` makes a directory removed after the file,
 * and the queues pushed on `open` are closed after each test. Call at the file's top level (it registers hooks).
 */
export function queueScratch(prefix: string) {
  const dirs: string[] = [];
  const open: DurableLocalQueue[] = [];
  afterEach(async () => {
    for (const q of open.splice(0)) await q.close();
  });
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });
  async function tempDir(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), `sightline-${prefix}-`));
    dirs.push(dir);
    return dir;
  }
  return { open, tempDir };
}
