import * as Ingest from "@core/ingest";
import { describe, expect, it } from "vitest";
import {
  FakeFailure,
  fixedClockAndIds,
  freshCaches,
  type Journal,
  memoryBlobs,
  memoryQueue,
  rowsDb,
  sharedStoreConfig,
} from "../../support/port-fakes";

// Batch acceptance (docs/ingest.md, "Decisions"): a batch that fits rides in its queue message; a larger one is
// written to the blob store first and its pointer sent only once the blob is durable.

const principal = { projectId: "p1" };
const at = "2026-11-27T09:00:00.000Z";
const trace = (id: string, input: unknown = "hello") => ({
  id: `e-${id}`,
  type: "trace-create",
  timestamp: at,
  body: { id, input },
});
/** A trace whose input alone passes the inline limit. */
const bigTrace = (id: string) => trace(id, "x".repeat(Ingest.INLINE_BATCH_BYTES));

/** The one message sent, parsed. */
const onlyMessage = (sent: readonly { body: string }[]) => {
  expect(sent).toHaveLength(1);
  return JSON.parse(sent[0]?.body ?? "null");
};

function setup(options: { failPut?: boolean; failSend?: boolean; scoreConfigs?: object[] } = {}) {
  const journal: Journal = [];
  const { blobs, objects } = memoryBlobs(journal, options);
  const ingest = memoryQueue(journal, "ingest", options);
  const deps = {
    db: rowsDb({ ingest_settings: [], score_configs: options.scoreConfigs ?? [] }),
    blobs,
    queues: { ingest: ingest.queue } as Parameters<typeof Ingest.acceptBatch>[0]["queues"],
    config: sharedStoreConfig,
    caches: freshCaches(),
    ...fixedClockAndIds(),
  };
  const accept = (batch: unknown[]) => Ingest.acceptBatch(deps, principal, { batch, sdk: null });
  return { journal, objects, sent: ingest.sent, accept };
}

describe("acceptBatch: where the batch goes", () => {
  it("sends a batch under INLINE_BATCH_BYTES inside its queue message, writing no blob", async () => {
    const { journal, sent, accept } = setup();
    await accept([trace("t1")]);
    expect(journal).toEqual(["send ingest"]);
    expect(onlyMessage(sent)).toMatchObject({ projectId: "p1", batch: { events: [{ id: "e-t1" }] } });
  });

  it("names the carried batch by a blob key of its project and day", async () => {
    const { sent, accept } = setup();
    await accept([trace("t1")]);
    expect(onlyMessage(sent).blobKey).toBe("batches/p1/2026-11-27/id-1.json");
  });

  it("writes a larger batch to the blob store and sends its pointer without the batch", async () => {
    const { objects, sent, accept } = setup();
    await accept([bigTrace("t1")]);
    const pointer = onlyMessage(sent);
    expect(pointer).toEqual({
      projectId: "p1",
      blobKey: "batches/p1/2026-11-27/id-1.json",
      receivedAt: "2026-11-27T10:00:00.000Z",
    });
    expect(JSON.parse(objects.get(pointer.blobKey) ?? "null").events[0].id).toBe("e-t1");
  });

  it("sends a larger batch's pointer only once its blob is written", async () => {
    const { journal, accept } = setup();
    await accept([bigTrace("t1")]);
    const key = "batches/p1/2026-11-27/id-1.json";
    expect(journal).toEqual([`put started ${key}`, `put done ${key}`, "send ingest"]);
  });
});

describe("acceptBatch: failures", () => {
  it("sends nothing when the blob write fails, and fails the request", async () => {
    const { journal, sent, accept } = setup({ failPut: true });
    await expect(accept([bigTrace("t1")])).rejects.toBeInstanceOf(FakeFailure);
    expect(sent).toEqual([]);
    expect(journal).not.toContain("send ingest");
  });

  it("fails the request when the pointer cannot be sent after its blob, leaving the blob behind", async () => {
    const { objects, accept } = setup({ failSend: true });
    await expect(accept([bigTrace("t1")])).rejects.toBeInstanceOf(FakeFailure);
    expect([...objects.keys()]).toEqual(["batches/p1/2026-11-27/id-1.json"]);
  });

  it("fails the request when the message carrying a small batch cannot be sent, writing no blob", async () => {
    const { objects, accept } = setup({ failSend: true });
    await expect(accept([trace("t1")])).rejects.toBeInstanceOf(FakeFailure);
    expect(objects.size).toBe(0);
  });
});

describe("acceptBatch: the answer", () => {
  it("writes and sends nothing when no event is valid", async () => {
    const { journal, accept } = setup();
    const answer = await accept([{ id: "e1", type: "nonsense", timestamp: at, body: {} }]);
    expect(answer).toEqual({
      successes: [],
      errors: [{ id: "e1", status: 400, message: "Unknown event type 'nonsense'" }],
    });
    expect(journal).toEqual([]);
  });

  it("stores the valid events of a batch holding an invalid one", async () => {
    const { sent, accept } = setup();
    const answer = await accept([trace("t1"), { id: "e2", type: "trace-create", timestamp: at, body: {} }]);
    expect(answer.successes).toEqual([{ id: "e-t1", status: 201 }]);
    expect(onlyMessage(sent).batch.events.map((e: { id: string }) => e.id)).toEqual(["e-t1"]);
  });

  it("keeps the first of two events with one id", async () => {
    const { sent, accept } = setup();
    const answer = await accept([trace("t1"), { ...trace("t2"), id: "e-t1" }]);
    expect(answer).toEqual({ successes: [{ id: "e-t1", status: 201 }], errors: [] });
    expect(onlyMessage(sent).batch.events[0].body.id).toBe("t1");
  });

  it("sends no diagnostics (sdk-log) anywhere", async () => {
    const { journal, accept } = setup();
    const answer = await accept([{ id: "l1", type: "sdk-log", timestamp: at, body: { log: "x" } }]);
    expect(answer.successes).toEqual([{ id: "l1", status: 201 }]);
    expect(journal).toEqual([]);
  });

  it("refuses a score that misfits its config with a 400 entry and stores the rest", async () => {
    const created = new Date(at);
    const config = {
      ...{ id: "c1", projectId: "p1", name: "accuracy", dataType: "NUMERIC", min: 0, max: 1, categories: [] },
      ...{ description: null, archived: false, createdAt: created, updatedAt: created },
    };
    const { sent, accept } = setup({ scoreConfigs: [config] });
    const score = {
      id: "s1",
      type: "score-create",
      timestamp: at,
      body: { traceId: "t1", name: "accuracy", value: 2 },
    };
    const answer = await accept([trace("t1"), score]);
    expect(answer.errors).toEqual([
      { id: "s1", status: 400, message: "Score 'accuracy' does not fit its config: value 2 is above the maximum 1" },
    ]);
    expect(onlyMessage(sent).batch.events.map((e: { id: string }) => e.id)).toEqual(["e-t1"]);
  });
});
