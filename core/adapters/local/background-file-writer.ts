import type { FileHandle } from "node:fs/promises";

/**
 * Writes batches of buffers to an open file in order, on libuv's thread pool, while the caller goes on reading
 * its source: an upload is received, hashed and written at once instead of one after another
 * (docs/media.md, "Upload URLs"). Each batch is one `writev` of the chunks as they came, never copied into one
 * Buffer. Every `syncEvery` bytes written it also starts an `fdatasync` that runs beside the next writes, so the
 * caller's final fsync only waits for the tail. After a failed write or sync nothing more is written, and
 * `enqueue` and `drain` throw that error.
 */
export class BackgroundFileWriter {
  private writes: Promise<void> = Promise.resolve();
  private syncs: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | null = null;
  private unsynced = 0;
  /** Bytes queued and not yet written: the caller stops reading while it is above its bound. */
  backlog = 0;

  constructor(
    private readonly handle: FileHandle,
    private readonly syncEvery: number,
  ) {}

  enqueue(buffers: Uint8Array[], byteLength: number): void {
    if (this.failure) throw this.failure.error;
    this.backlog += byteLength;
    this.writes = this.writes.then(async () => {
      try {
        if (this.failure) return;
        // libuv finishes short writes itself (uv__fs_write_all); a shorter count is a fault, not a retry.
        const { bytesWritten } = await this.handle.writev(buffers);
        if (bytesWritten !== byteLength) throw new Error(`Wrote ${bytesWritten} of ${byteLength} bytes`);
        this.unsynced += byteLength;
        if (this.unsynced >= this.syncEvery) {
          this.unsynced = 0;
          this.syncs = this.syncs.then(() => this.guard(() => this.handle.datasync()));
        }
      } catch (e) {
        this.failure ??= { error: e };
      } finally {
        this.backlog -= byteLength;
      }
    });
  }

  /** Waits for the queued writes, not the early syncs (reading goes on beside those); throws the first error. */
  async written(): Promise<void> {
    await this.writes;
    if (this.failure) throw this.failure.error;
  }

  /** Waits for every queued write and early sync; throws the first error. Never rejects before it is awaited. */
  async drain(): Promise<void> {
    await this.settle();
    if (this.failure) throw this.failure.error;
  }

  /** Waits for the queued work and swallows its error: before closing the file on a path that already fails. */
  async settle(): Promise<void> {
    await this.writes;
    await this.syncs;
  }

  private async guard(op: () => Promise<void>): Promise<void> {
    if (this.failure) return;
    try {
      await op();
    } catch (e) {
      this.failure ??= { error: e };
    }
  }
}
