import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3BlobStore } from "@core/adapters/aws/s3-blob-store";
import { FsBlobStore } from "@core/adapters/local/fs-blob-store";
import { createBucket, type Fauxqs, startEmulator } from "../support/fauxqs";
import { describeBlobStore } from "./blob-store.contract";

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "sightline-blobs-"));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describeBlobStore("FsBlobStore", async () => {
  return { store: new FsBlobStore(await tempDir()) };
});

let emulator: Fauxqs;
let buckets = 0;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(async () => {
  await emulator?.stop();
});

describeBlobStore("S3BlobStore (fauxqs)", async () => {
  const bucket = await createBucket(emulator, `blobs-${++buckets}`);
  return { store: new S3BlobStore({ client: emulator.s3, bucket }) };
});

describeBlobStore("S3BlobStore (fauxqs, key prefix, own client)", async () => {
  const bucket = await createBucket(emulator, `prefixed-${++buckets}`);
  // A neighbour under another prefix in the same bucket must never show through.
  await new S3BlobStore({ client: emulator.s3, bucket, prefix: "other/" }).put("p1/leak", "x");
  const store = new S3BlobStore({
    bucket,
    prefix: "tenant/",
    region: "us-east-1",
    endpoint: emulator.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "test", secretAccessKey: "test" },
  });
  return { store };
});

describe("FsBlobStore", () => {
  it.each(["", "/abs", "a//b", "a/", "../x", "a/../../x", "a/./b", "nul\0byte", "a\\..\\b"])("refuses the key %j", async (key) => {
    const store = new FsBlobStore(await tempDir());

    await expect(store.put(key, "x")).rejects.toThrow(/Invalid blob key/);
    await expect(store.get(key)).rejects.toThrow(/Invalid blob key/);
  });

  it("lists nothing for a prefix that tries to climb out of the root", async () => {
    const root = await tempDir();
    const store = new FsBlobStore(join(root, "blobs"));
    await writeFile(join(root, "secret.blob"), "x");

    expect(await store.list("../")).toEqual([]);
    expect(await store.list("..")).toEqual([]);
  });

  it("keeps keys that look like its own file names distinct", async () => {
    const store = new FsBlobStore(await tempDir());

    for (const key of ["x.blob", "x", "x.blob/y", "100%", "100%25", "x%2Eblob"]) await store.put(key, key);

    expect(await store.list("")).toEqual(["100%", "100%25", "x", "x%2Eblob", "x.blob", "x.blob/y"]);
    for (const key of ["x.blob", "x", "x.blob/y", "100%", "100%25", "x%2Eblob"]) expect(new TextDecoder().decode((await store.get(key)) ?? undefined)).toBe(key);
  });

  it("ignores a temp file left by an interrupted put", async () => {
    const root = await tempDir();
    const store = new FsBlobStore(root);
    await store.put("p/a", "x");
    await writeFile(join(root, "p", "b.blob.abc123.tmp"), "half");

    expect(await store.list("p/")).toEqual(["p/a"]);
    expect((await readdir(join(root, "p"))).sort()).toEqual(["a.blob", "b.blob.abc123.tmp"]);
  });

  it("lists in UTF-8 byte order like S3", async () => {
    const store = new FsBlobStore(await tempDir());

    for (const key of ["k/\u{1F600}", "k/\uFF01", "k/a"]) await store.put(key, "x");

    expect(await store.list("k/")).toEqual(["k/a", "k/\uFF01", "k/\u{1F600}"]);
  });
});
