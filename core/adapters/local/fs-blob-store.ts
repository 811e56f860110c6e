import { createHash, randomBytes } from "node:crypto";
import { createReadStream, type Dirent, type ReadStream } from "node:fs";
import { open, readdir, readFile, rename, stat, unlink } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { BlobStore, PresignedUpload } from "../../platform/ports";
import { BackgroundFileWriter } from "./background-file-writer";
import { ensureDir, syncDir, writeSynced } from "./durable-fs";
import type { SignedBlobUrls } from "./signed-blob-urls";

/** Bytes sent to a signed upload URL that are not the ones it was signed for; nothing was kept. */
export class BlobRejected extends Error {}

/**
 * Object files end in this suffix and directory names never do, so the key `a`
 * (file `a.blob`) and the key `a/b` (directory `a`) can coexist as they do in S3.
 */
const SUFFIX = ".blob";
/** Bytes of an upload gathered before one write (`receive`). */
const WRITE_BATCH = 1024 * 1024;
/** Bytes of an upload queued for writing, and not yet written, above which `receive` stops reading the body. */
const WRITES_IN_FLIGHT = 4 * WRITE_BATCH;
/** Bytes of an upload written between two fdatasyncs started while it is still arriving (the final fsync is shorter). */
const EARLY_SYNC_BYTES = 4 * WRITE_BATCH;

/**
 * A `BlobStore` on the local file system: the key `p/2024/x.json` is the file
 * `<root>/p/2024/x.json.blob`. Writes go to a temp file that is fsynced and then
 * renamed over the target, so a crash leaves either the old object or the new one.
 * Keys that could step out of the root (`..`, `.`, absolute, empty segments, NUL,
 * backslash) are refused with an Error. Not case-preserving on a case-insensitive
 * file system (macOS default), where `A` and `a` would be one object.
 */
export class FsBlobStore implements BlobStore {
  private readonly rootDir: string;
  /** Directories known to exist: a put into one skips the mkdir system calls. */
  private readonly knownDirs = new Set<string>();

  /** Signs the URLs of `presignPut`/`presignGet`, which the local server answers (docs/media.md). */
  urls: SignedBlobUrls | null = null;

  constructor(rootDir: string) {
    this.rootDir = resolve(rootDir);
  }

  async presignPut(key: string, upload: PresignedUpload): Promise<string> {
    this.pathOf(key);
    return this.signer().upload(key, upload);
  }

  async presignGet(key: string, read: { contentType: string; expiresInSeconds: number }): Promise<string> {
    this.pathOf(key);
    return this.signer().download(key, read);
  }

  /**
   * Streams an upload into `key`, hashing as it writes: more bytes than declared stop it at once, and a length or
   * SHA-256 that differs from the declared one throws `BlobRejected`. Either way the temp file goes and no object
   * is (re)written; on success the object appears whole, as with `put`.
   */
  async receive(
    key: string,
    body: AsyncIterable<Uint8Array>,
    expected: { contentLength: number; sha256: string },
  ): Promise<void> {
    const path = this.pathOf(key);
    const dir = dirname(path);
    await ensureDir(dir);
    this.knownDirs.add(dir);
    const tmp = `${path}.${randomBytes(6).toString("hex")}.tmp`;
    const handle = await open(tmp, "wx");
    const writer = new BackgroundFileWriter(handle, EARLY_SYNC_BYTES);
    let kept = false;
    try {
      const hash = createHash("sha256");
      let size = 0;
      // Socket chunks are ~64 KB: handing them to the file system a megabyte at a time saves most of the system
      // calls, and the writes run while the next chunks arrive and are hashed (docs/media.md, "Upload URLs").
      let pending: Uint8Array[] = [];
      let pendingBytes = 0;
      const flush = () => {
        if (pendingBytes === 0) return;
        writer.enqueue(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
      };
      for await (const chunk of body) {
        size += chunk.byteLength;
        if (size > expected.contentLength)
          throw new BlobRejected(`The upload is longer than the declared ${expected.contentLength} bytes`);
        hash.update(chunk);
        pending.push(chunk);
        pendingBytes += chunk.byteLength;
        if (pendingBytes >= WRITE_BATCH) {
          flush();
          // A disk slower than the socket: stop reading (TCP pushes back on the sender) rather than buffer it all.
          if (writer.backlog > WRITES_IN_FLIGHT) await writer.written();
        }
      }
      flush();
      await writer.drain();
      if (size !== expected.contentLength)
        throw new BlobRejected(`The upload has ${size} bytes, not the declared ${expected.contentLength}`);
      if (hash.digest("base64") !== expected.sha256)
        throw new BlobRejected("The upload's SHA-256 does not match the declared sha256Hash");
      await handle.sync();
      await handle.close();
      await rename(tmp, path);
      kept = true;
      await syncDir(dir);
    } finally {
      if (!kept) {
        await writer.settle();
        await handle.close().catch(() => {});
        await unlink(tmp).catch(() => {});
      }
    }
  }

  /** The object as a stream with its size, or null when no object has that key (the signed GET route). */
  async openRead(key: string): Promise<{ size: number; stream: ReadStream } | null> {
    const path = this.pathOf(key);
    try {
      const { size } = await stat(path);
      return { size, stream: createReadStream(path) };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  private signer(): SignedBlobUrls {
    if (!this.urls) throw new Error("FsBlobStore has no signed URLs: no local server answers them");
    return this.urls;
  }

  async put(key: string, body: Uint8Array | string): Promise<void> {
    const path = this.pathOf(key);
    const dir = dirname(path);
    if (!this.knownDirs.has(dir)) {
      await ensureDir(dir);
      this.knownDirs.add(dir);
    }
    const tmp = `${path}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await writeSynced(tmp, body).catch(async (e: unknown) => {
        // The directory went away behind our back (an operator cleaned up): make it again once.
        if (!isMissing(e)) throw e;
        this.knownDirs.delete(dir);
        await ensureDir(dir);
        this.knownDirs.add(dir);
        await writeSynced(tmp, body);
      });
      await rename(tmp, path);
    } catch (e) {
      await unlink(tmp).catch(() => {});
      throw e;
    }
    // The rename is only durable once the directory entry is.
    await syncDir(dir);
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      const buf = await readFile(this.pathOf(key));
      return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async list(prefix: string): Promise<string[]> {
    // Walk only the deepest directory the prefix names in full, then filter by the rest.
    const complete = prefix.split("/").slice(0, -1);
    if (complete.some((s) => !validSegment(s))) return [];
    const keys: string[] = [];
    await walk(join(this.rootDir, ...complete.map(encodeSegment)), complete.map((s) => `${s}/`).join(""), keys);
    return keys.filter((k) => k.startsWith(prefix)).sort(compareUtf8);
  }

  async delete(keys: string[]): Promise<void> {
    for (const key of keys) {
      await unlink(this.pathOf(key)).catch((e: unknown) => {
        if (!isMissing(e)) throw e;
      });
    }
  }

  private pathOf(key: string): string {
    const segments = key.split("/");
    if (key.startsWith("/") || !segments.every(validSegment))
      throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
    const last = segments.length - 1;
    return join(this.rootDir, ...segments.map((s, i) => (i === last ? encodeSegment(s) + SUFFIX : encodeSegment(s))));
  }
}

function validSegment(s: string): boolean {
  return s !== "" && s !== "." && s !== ".." && !s.includes("\0") && !s.includes("\\");
}

/** Escapes `%`, and the dot of a trailing `.blob`, so no directory name ends in the suffix. */
function encodeSegment(s: string): string {
  const escaped = s.replaceAll("%", "%25");
  return escaped.endsWith(SUFFIX) ? `${escaped.slice(0, -SUFFIX.length)}%2E${SUFFIX.slice(1)}` : escaped;
}

/** Single left-to-right pass: every `%` in an encoded name starts an escape. */
function decodeSegment(name: string): string {
  return name.replace(/%(25|2E)/g, (m) => (m === "%25" ? "%" : "."));
}

async function walk(dir: string, keyPrefix: string, out: string[]): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (e) {
    if (isMissing(e)) return;
    throw e;
  }
  for (const entry of entries) {
    if (entry.isDirectory()) await walk(join(dir, entry.name), `${keyPrefix}${decodeSegment(entry.name)}/`, out);
    // Leftover temp files of an interrupted put end in `.tmp` and are skipped here.
    else if (entry.isFile() && entry.name.endsWith(SUFFIX))
      out.push(keyPrefix + decodeSegment(entry.name.slice(0, -SUFFIX.length)));
  }
}

/** S3 lists keys in UTF-8 byte order, which differs from UTF-16 `sort()` above U+FFFF. */
function compareUtf8(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

function isMissing(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}
