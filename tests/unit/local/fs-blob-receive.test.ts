import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, open, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BackgroundFileWriter } from "@core/adapters/local/background-file-writer";
import { BlobRejected, FsBlobStore } from "@core/adapters/local/fs-blob-store";
import { afterAll, describe, expect, it } from "vitest";

// FsBlobStore.receive, the local upload URL's write path (docs/media.md, "Upload URLs"): the body is hashed as it
// arrives and written beside the reading, in batches, with early fdatasyncs; these bodies span many batches.

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "sightline-receive-"));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("base64");

/** The bytes in socket-sized chunks (64 KB), as an IncomingMessage yields them; `pulled` counts those taken. */
function chunked(bytes: Buffer, size = 64 * 1024) {
  const state = { pulled: 0 };
  async function* body() {
    for (let at = 0; at < bytes.length; at += size) {
      state.pulled++;
      // A fresh copy per chunk, as the socket gives: the store must not rely on the caller's buffer.
      yield Buffer.from(bytes.subarray(at, at + size));
    }
  }
  return { body: body(), state };
}

describe("FsBlobStore.receive", () => {
  it("stores a 9.5 MB upload byte for byte and leaves no temp file", async () => {
    const root = await tempDir();
    const store = new FsBlobStore(root);
    const bytes = randomBytes(9.5 * 1024 * 1024 + 123);

    await store.receive("media/p/a", chunked(bytes).body, { contentLength: bytes.length, sha256: sha256(bytes) });

    expect(Buffer.from((await store.get("media/p/a"))!).equals(bytes)).toBe(true);
    expect(await readdir(join(root, "media", "p"))).toEqual(["a.blob"]);
  });

  it("refuses bytes whose SHA-256 differs after many megabytes, keeping nothing and the old object", async () => {
    const root = await tempDir();
    const store = new FsBlobStore(root);
    await store.put("media/p/a", "old");
    const bytes = randomBytes(6 * 1024 * 1024);
    const declared = sha256(Buffer.concat([bytes.subarray(1), Buffer.from([bytes[0]! ^ 1])]));

    await expect(
      store.receive("media/p/a", chunked(bytes).body, { contentLength: bytes.length, sha256: declared }),
    ).rejects.toThrow(new BlobRejected("The upload's SHA-256 does not match the declared sha256Hash"));

    expect(await readdir(join(root, "media", "p"))).toEqual(["a.blob"]);
    expect(new TextDecoder().decode((await store.get("media/p/a"))!)).toBe("old");
  });

  it("stops reading at the first chunk past the declared length", async () => {
    const root = await tempDir();
    const store = new FsBlobStore(root);
    const bytes = randomBytes(8 * 1024 * 1024);
    const { body, state } = chunked(bytes);
    const declared = 5 * 1024 * 1024 + 1;

    await expect(store.receive("media/p/a", body, { contentLength: declared, sha256: sha256(bytes) })).rejects.toThrow(
      new BlobRejected(`The upload is longer than the declared ${declared} bytes`),
    );

    expect(state.pulled).toBe(81);
    expect(await readdir(join(root, "media", "p"))).toEqual([]);
  });

  it("refuses a body shorter than declared", async () => {
    const root = await tempDir();
    const store = new FsBlobStore(root);
    const bytes = randomBytes(3 * 1024 * 1024);

    await expect(
      store.receive("media/p/a", chunked(bytes).body, { contentLength: bytes.length + 1, sha256: sha256(bytes) }),
    ).rejects.toThrow(new BlobRejected(`The upload has ${bytes.length} bytes, not the declared ${bytes.length + 1}`));
    expect(await readdir(join(root, "media", "p"))).toEqual([]);
  });

  it("throws the body's own error when the sender goes away mid-upload, keeping nothing", async () => {
    const root = await tempDir();
    const store = new FsBlobStore(root);
    async function* aborted() {
      for (let i = 0; i < 40; i++) yield randomBytes(64 * 1024);
      throw new Error("aborted");
    }

    await expect(store.receive("media/p/a", aborted(), { contentLength: 10_000_000, sha256: "x" })).rejects.toThrow(
      "aborted",
    );
    expect(await readdir(join(root, "media", "p"))).toEqual([]);
  });
});

describe("BackgroundFileWriter", () => {
  it("writes the batches in the order they were queued", async () => {
    const path = join(await tempDir(), "f");
    const handle = await open(path, "wx");
    const writer = new BackgroundFileWriter(handle, 3);
    const parts = ["ab", "cd", "ef", "gh"].map((s) => Buffer.from(s));

    writer.enqueue([parts[0]!, parts[1]!], 4);
    writer.enqueue([parts[2]!], 2);
    writer.enqueue([parts[3]!], 2);
    await writer.drain();
    await handle.close();

    expect(await readFile(path, "utf8")).toBe("abcdefgh");
    expect(writer.backlog).toBe(0);
  });

  it("throws a failed write's error from drain and from every later enqueue, writing nothing more", async () => {
    const path = join(await tempDir(), "f");
    await writeFile(path, "");
    // A file opened read-only: the thread pool's writev fails with EBADF, a real file-system error.
    const handle = await open(path, "r");
    const writer = new BackgroundFileWriter(handle, 1024);

    writer.enqueue([Buffer.from("abc")], 3);
    writer.enqueue([Buffer.from("def")], 3);

    await expect(writer.drain()).rejects.toMatchObject({ code: "EBADF" });
    expect(() => writer.enqueue([Buffer.from("x")], 1)).toThrow(expect.objectContaining({ code: "EBADF" }));
    await expect(writer.written()).rejects.toMatchObject({ code: "EBADF" });
    await writer.settle();
    expect(writer.backlog).toBe(0);
    await handle.close();
  });
});
