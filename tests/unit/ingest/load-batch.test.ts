import * as Ingest from "@core/ingest";
import type { BlobStore, Log } from "@core/platform/ports";
import { describe, expect, it } from "vitest";

// Where the worker finds a job's batch (docs/ingest.md, "Decisions"): in the message, or in the blob it points at.
const silent: Log = { debug() {}, info() {}, warn() {}, error() {} };
const blobsHolding = (objects: Record<string, string>): BlobStore =>
  ({
    get: async (key: string) => (key in objects ? new TextEncoder().encode(objects[key]) : null),
  }) as unknown as BlobStore;
const batchOf = (projectId: string) => ({
  projectId,
  receivedAt: "2026-11-27T00:00:00.000Z",
  events: [{ id: "e1", type: "trace-create", timestamp: "2026-11-27T00:00:00.000Z", body: { id: "t1" } }],
});
const key = "batches/p1/2026-11-27/b.json";

describe("loadBatch", () => {
  it("takes the batch the message carries without reading the blob store", async () => {
    const result = await Ingest.loadBatch(
      { blobs: blobsHolding({}), log: silent },
      { projectId: "p1", blobKey: key, receivedAt: "x", batch: batchOf("p1") },
    );
    expect(result).toEqual({ batch: batchOf("p1") });
  });

  it("refuses, as unrecoverable, a carried batch of another project", async () => {
    const result = await Ingest.loadBatch(
      { blobs: blobsHolding({}), log: silent },
      { projectId: "p1", blobKey: key, receivedAt: "x", batch: batchOf("p2") },
    );
    expect(result).toEqual({ unrecoverable: `unrecoverable: queued batch ${key} belongs to another project` });
  });

  it("reads the blob a pointer names", async () => {
    const result = await Ingest.loadBatch(
      { blobs: blobsHolding({ [key]: JSON.stringify(batchOf("p1")) }), log: silent },
      { projectId: "p1", blobKey: key, receivedAt: "x" },
    );
    expect(result).toEqual({ batch: batchOf("p1") });
  });

  it("refuses, as unrecoverable, a pointer whose blob is missing", async () => {
    const result = await Ingest.loadBatch(
      { blobs: blobsHolding({}), log: silent },
      { projectId: "p1", blobKey: key, receivedAt: "x" },
    );
    expect(result).toEqual({ unrecoverable: `unrecoverable: stored batch ${key} is missing` });
  });
});
