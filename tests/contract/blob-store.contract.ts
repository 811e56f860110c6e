import { randomBytes } from "node:crypto";
import type { BlobStore } from "@core/platform/ports";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

export interface BlobStoreFixture {
  store: BlobStore;
  cleanup?(): Promise<void>;
}

const text = (bytes: Uint8Array | null) => (bytes === null ? null : new TextDecoder().decode(bytes));

/** The behaviour every `BlobStore` adapter promises; `make` returns an empty store. */
export function describeBlobStore(name: string, make: () => Promise<BlobStoreFixture>) {
  describe(`BlobStore contract: ${name}`, () => {
    let fixture: BlobStoreFixture;
    let store: BlobStore;

    beforeEach(async () => {
      fixture = await make();
      store = fixture.store;
    });
    afterEach(async () => {
      await fixture.cleanup?.();
    });

    it("round-trips a string as UTF-8", async () => {
      await store.put("p1/batch.json", '{"name":"héllo ✓"}', { contentType: "application/json" });

      expect(text(await store.get("p1/batch.json"))).toBe('{"name":"héllo ✓"}');
    });

    it("round-trips bytes", async () => {
      await store.put("p1/raw", new Uint8Array([1, 2, 3]));

      const got = await store.get("p1/raw");

      expect(got).toBeInstanceOf(Uint8Array);
      expect(Array.from(got ?? [])).toEqual([1, 2, 3]);
    });

    it("is binary safe: every byte value, NULs and invalid UTF-8 included", async () => {
      const bytes = new Uint8Array(512).map((_, i) => i % 256);

      await store.put("bin/all-bytes", bytes);

      expect(Buffer.from((await store.get("bin/all-bytes")) ?? [])).toEqual(Buffer.from(bytes));
    });

    it("overwrites an existing key", async () => {
      await store.put("k", "first, and longer than the second");
      await store.put("k", "second");

      expect(text(await store.get("k"))).toBe("second");
    });

    it("returns null for a missing key", async () => {
      await store.put("present/a", "x");

      expect(await store.get("missing")).toBeNull();
      expect(await store.get("present/b")).toBeNull();
      expect(await store.get("present/a/deeper")).toBeNull();
    });

    it("stores an empty object", async () => {
      await store.put("empty", "");

      expect((await store.get("empty"))?.byteLength).toBe(0);
    });

    it("lists keys under a prefix in lexical order, nested ones included", async () => {
      for (const key of ["p1/b", "p1/a/2", "p1/a/1", "p1/c.json", "p10/x", "p2/y", "p1"]) await store.put(key, key);

      expect(await store.list("p1/")).toEqual(["p1/a/1", "p1/a/2", "p1/b", "p1/c.json"]);
      expect(await store.list("p1")).toEqual(["p1", "p1/a/1", "p1/a/2", "p1/b", "p1/c.json", "p10/x"]);
      expect(await store.list("p1/a")).toEqual(["p1/a/1", "p1/a/2"]);
      expect(await store.list("")).toEqual(["p1", "p1/a/1", "p1/a/2", "p1/b", "p1/c.json", "p10/x", "p2/y"]);
    });

    it("lists nothing for a prefix that matches no key", async () => {
      await store.put("p1/a", "x");

      expect(await store.list("p3/")).toEqual([]);
      expect(await store.list("p1/a/")).toEqual([]);
    });

    it("keeps an object and a longer key that extends it apart", async () => {
      await store.put("a", "file");
      await store.put("a/b", "nested");

      expect(text(await store.get("a"))).toBe("file");
      expect(text(await store.get("a/b"))).toBe("nested");
      expect(await store.list("a")).toEqual(["a", "a/b"]);
    });

    it("deletes keys and ignores missing ones", async () => {
      for (const key of ["d/1", "d/2", "d/3"]) await store.put(key, key);

      await store.delete(["d/1", "d/3", "d/never", "elsewhere/none"]);
      await store.delete([]);

      expect(await store.list("d/")).toEqual(["d/2"]);
      expect(await store.get("d/1")).toBeNull();
    });

    it("stores a 1 MB object intact", async () => {
      const big = new Uint8Array(randomBytes(1024 * 1024));

      await store.put("big/object", big);

      const got = await store.get("big/object");
      expect(got?.byteLength).toBe(big.byteLength);
      expect(Buffer.compare(Buffer.from(got ?? []), Buffer.from(big))).toBe(0);
    });
  });
}

/**
 * The presigned URLs every `BlobStore` adapter hands out (docs/media.md, "Upload URLs"): a PUT of the declared
 * bytes through the upload URL stores them, and the read URL serves them with the declared content type.
 */
export function describePresignedUrls(name: string, make: () => Promise<BlobStoreFixture>) {
  describe(`BlobStore presigned URLs: ${name}`, () => {
    let fixture: BlobStoreFixture;
    beforeEach(async () => {
      fixture = await make();
    });
    afterEach(async () => {
      await fixture.cleanup?.();
    });

    it("stores the declared bytes PUT through an upload URL, and serves them through a read URL", async () => {
      const bytes = randomBytes(2048);
      const sha256 = (await import("node:crypto")).createHash("sha256").update(bytes).digest("base64");
      const url = await fixture.store.presignPut("media/p1/m1", {
        contentType: "image/png",
        contentLength: bytes.length,
        sha256,
        expiresInSeconds: 60,
      });

      const put = await fetch(url, {
        method: "PUT",
        body: bytes,
        headers: { "content-type": "image/png", "x-amz-checksum-sha256": sha256 },
      });

      expect(put.status).toBe(200);
      expect(Buffer.from((await fixture.store.get("media/p1/m1"))!).equals(bytes)).toBe(true);
      const read = await fetch(
        await fixture.store.presignGet("media/p1/m1", { contentType: "image/png", expiresInSeconds: 60 }),
      );
      expect(read.status).toBe(200);
      expect(read.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(await read.arrayBuffer()).equals(bytes)).toBe(true);
    });
  });
}
