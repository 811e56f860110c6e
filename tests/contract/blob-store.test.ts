import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { S3BlobStore } from "@core/adapters/aws/s3-blob-store";
import { serveSignedBlob } from "@core/adapters/local/blob-url-server";
import { FsBlobStore } from "@core/adapters/local/fs-blob-store";
import { SignedBlobUrls } from "@core/adapters/local/signed-blob-urls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBucket, FAKE_CREDENTIALS, type Fauxqs, REGION, startEmulator } from "../support/fauxqs";
import { describeBlobStore, describePresignedUrls } from "./blob-store.contract";

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

describePresignedUrls("FsBlobStore (the local server's signed URLs)", async () => {
  const store = new FsBlobStore(await tempDir());
  const urls = new SignedBlobUrls(randomBytes(32));
  store.urls = urls;
  const server = createServer(
    (req, res) => void serveSignedBlob(store, urls, req, res, new URL(req.url!, "http://local")),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  urls.serveAt(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return { store, cleanup: () => new Promise<void>((resolve) => server.close(() => resolve())) };
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
  return {
    store: new S3BlobStore({
      bucket,
      region: REGION,
      endpoint: emulator.endpoint,
      forcePathStyle: true,
      credentials: FAKE_CREDENTIALS,
    }),
  };
});

describePresignedUrls("S3BlobStore (fauxqs)", async () => {
  const bucket = await createBucket(emulator, `presigned-${++buckets}`);
  return {
    store: new S3BlobStore({
      bucket,
      region: REGION,
      endpoint: emulator.endpoint,
      forcePathStyle: true,
      credentials: FAKE_CREDENTIALS,
      prefix: "tenant/",
    }),
  };
});

describeBlobStore("S3BlobStore (fauxqs, key prefix, credentials from a provider)", async () => {
  const bucket = await createBucket(emulator, `prefixed-${++buckets}`);
  // A neighbour under another prefix in the same bucket must never show through.
  await new S3BlobStore({
    bucket,
    region: REGION,
    endpoint: emulator.endpoint,
    forcePathStyle: true,
    credentials: FAKE_CREDENTIALS,
    prefix: "other/",
  }).put("p1/leak", "x");
  const store = new S3BlobStore({
    bucket,
    prefix: "tenant/",
    region: REGION,
    endpoint: emulator.endpoint,
    forcePathStyle: true,
    credentials: async () => FAKE_CREDENTIALS,
  });
  return { store };
});

describe("FsBlobStore", () => {
  it.each(["", "/abs", "a//b", "a/", "../x", "a/../../x", "a/./b", "nul\0byte", "a\\..\\b"])(
    "refuses the key %j",
    async (key) => {
      const store = new FsBlobStore(await tempDir());

      await expect(store.put(key, "x")).rejects.toThrow(/Invalid blob key/);
      await expect(store.get(key)).rejects.toThrow(/Invalid blob key/);
    },
  );

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
    for (const key of ["x.blob", "x", "x.blob/y", "100%", "100%25", "x%2Eblob"])
      expect(new TextDecoder().decode((await store.get(key)) ?? undefined)).toBe(key);
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

describe("S3BlobStore on S3's wire protocol", () => {
  const open = (bucket: string) =>
    new S3BlobStore({
      bucket,
      region: REGION,
      endpoint: emulator.endpoint,
      forcePathStyle: true,
      credentials: FAKE_CREDENTIALS,
    });

  it("round-trips keys that need URL and XML escaping", async () => {
    const store = open(await createBucket(emulator, `escaped-${++buckets}`));
    const keys = ["p/a b+c", "p/amp&lt<gt>", "p/quote'\"", "p/é😀", "p/percent%20", "p/star*(x)!"];
    for (const key of keys) await store.put(key, key);

    // The order of non-ASCII keys is the service's (fauxqs sorts by UTF-16 code unit, S3 by UTF-8 byte).
    expect((await store.list("p/")).sort()).toEqual([...keys].sort());
    for (const key of keys) expect(Buffer.from((await store.get(key))!).toString()).toBe(key);
    await store.delete(keys);
    expect(await store.list("p/")).toEqual([]);
  });

  it("lists past one page of 1000 keys and deletes more than 1000 at once", async () => {
    const store = open(await createBucket(emulator, `paged-${++buckets}`));
    const keys = Array.from({ length: 1234 }, (_, i) => `k/${String(i).padStart(5, "0")}`);
    for (let i = 0; i < keys.length; i += 100) await Promise.all(keys.slice(i, i + 100).map((k) => store.put(k, "x")));

    expect(await store.list("k/")).toEqual(keys);
    await store.delete(keys);
    expect(await store.list("k/")).toEqual([]);
  });

  it("binds the content type, length and SHA-256 of an upload into the presigned URL's signature", async () => {
    const url = new URL(
      await open("media").presignPut("m/1", {
        contentType: "image/png",
        contentLength: 5,
        sha256: `${"x".repeat(43)}=`,
        expiresInSeconds: 900,
      }),
    );

    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;content-type;host;x-amz-checksum-sha256");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("900");
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("throws with S3's error code for a bucket that does not exist, instead of reading as empty", async () => {
    const store = open("no-such-bucket");

    await expect(store.get("a")).rejects.toThrow(/S3 GetObject failed with 404 NoSuchBucket/);
    await expect(store.list("")).rejects.toThrow(/NoSuchBucket/);
  });
});
