import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";

const job = (blobKey: string) => JSON.stringify({ projectId: "p1", blobKey, receivedAt: new Date().toISOString() });

describe("ingest worker through the local queue runner", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it("dead-letters a job whose stored batch is missing on the first attempt, with an unrecoverable: error", async () => {
    await app.deps.queues.ingest.send([{ body: job("batches/p1/missing.json") }]);

    await app.drainQueues();

    const [dead] = await app.deps.queues.ingestDeadLetters.receive({ max: 10, visibilitySeconds: 1 });
    expect(dead!.attributes.error).toBe("unrecoverable: stored batch batches/p1/missing.json is missing");
    expect(JSON.parse(dead!.body).blobKey).toBe("batches/p1/missing.json");
    expect((await app.deps.queues.ingest.stats()).depth + (await app.deps.queues.ingest.stats()).inFlight).toBe(0);
    await app.deps.queues.ingestDeadLetters.ack(dead!.receipt);
  });

  it("dead-letters a malformed stored batch the same way", async () => {
    await app.deps.blobs.put("batches/p1/bad.json", "{not json");
    await app.deps.queues.ingest.send([{ body: job("batches/p1/bad.json") }]);

    await app.drainQueues();

    const [dead] = await app.deps.queues.ingestDeadLetters.receive({ max: 10, visibilitySeconds: 1 });
    expect(dead!.attributes.error).toMatch(/^unrecoverable: stored batch batches\/p1\/bad\.json is not valid JSON$/);
    await app.deps.queues.ingestDeadLetters.ack(dead!.receipt);
  });

  it("keeps a batch it cannot apply on the queue for a retry instead of acknowledging it", async () => {
    const stored = { projectId: "p1", receivedAt: new Date().toISOString(), events: [{ id: "e1", type: "trace-create", timestamp: new Date().toISOString(), body: { id: "t1" } }] };
    await app.deps.blobs.put("batches/p1/ok.json", JSON.stringify(stored));
    await app.deps.queues.ingest.send([{ body: job("batches/p1/ok.json") }]);

    const handled = await app.drainQueues();

    expect(handled).toBe(1);
    expect(await app.deps.queues.ingest.stats()).toEqual({ depth: 0, inFlight: 1 });
  });

  it("drops a message that is not a job, without retrying it", async () => {
    await app.deps.queues.ingest.send([{ body: "not a job" }]);

    await app.drainQueues();

    const stats = await app.deps.queues.ingest.stats();
    expect(stats.depth).toBe(0);
  });
});
