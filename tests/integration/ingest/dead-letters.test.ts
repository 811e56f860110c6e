import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ev, ingest, pastInline } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";

describe("ingest dead letters and replay", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SIGHTLINE_MAX_RECEIVE_COUNT: "2" });
  });
  afterAll(() => app?.close());

  /** Runs the worker until the queue is empty, retries included (the runner delays them). */
  async function drainWithRetries() {
    for (let i = 0; i < 40; i++) {
      await app.drainQueues();
      const s = await app.deps.queues.ingest.stats();
      if (s.depth + s.inFlight === 0) return;
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  it("dead-letters a batch whose stored object vanished on the first attempt, as unrecoverable, and never replays it", async () => {
    await ingest(app, [ev("trace-create", { id: randomUUID(), metadata: pastInline() })], { drain: false });
    const keys = await app.deps.blobs.list("batches/");
    await app.deps.blobs.delete([keys[keys.length - 1]!]);
    await app.drainQueues();

    const list = (await app.call("GET", "/v1/ingest/dead-letters")).body;
    expect(list.data[0]).toMatchObject({ unrecoverable: true, attempts: 1, blobKey: keys[keys.length - 1] });
    expect(list.data[0].error).toMatch(/^unrecoverable: stored batch .* is missing$/);
    const health = (await app.call("GET", "/v1/ingest/health")).body;
    expect(health.dlqDepth).toBe(1);

    expect((await app.call("POST", "/v1/ingest/dead-letters/replay")).status).toBe(202);
    await app.drainQueues();
    const after = (await app.call("GET", "/v1/ingest/health")).body;
    expect(after.dlqDepth).toBe(1);
    expect(after.lastReplay).toMatchObject({ status: "done", replayed: 0, skipped: 1 });
  });

  it("retries a failing batch, dead-letters it after the receive limit, and replays it once the fault is fixed", async () => {
    const traceId = randomUUID();
    await app.deps.telemetry.command("RENAME TABLE traces TO traces_away");
    try {
      await ingest(app, [ev("trace-create", { id: traceId, name: "survivor" })], { drain: false });
      await drainWithRetries();
    } finally {
      await app.deps.telemetry.command("RENAME TABLE traces_away TO traces");
    }
    const list = (await app.call("GET", "/v1/ingest/dead-letters")).body;
    const entry = list.data.find((d: any) => !d.unrecoverable);
    expect(entry).toMatchObject({ unrecoverable: false, attempts: 2, replayedAt: null });
    expect((await app.call("GET", "/v1/ingest/health")).body).toMatchObject({ dlqDepth: 2, projectDeadLetters: 2 });
    expect((await app.call("GET", `/v1/traces/${traceId}`)).status).toBe(404);

    const first = await app.call("POST", "/v1/ingest/dead-letters/replay");
    expect(first.status).toBe(202);
    const second = await app.call("POST", "/v1/ingest/dead-letters/replay");
    expect(second.status).toBe(409);
    expect(second.body.error).toEqual({
      code: "conflict",
      message: "A dead-letter replay is already running for this project",
    });

    await app.drainQueues(); // runs the replay, which re-queues the batch
    await app.drainQueues(); // applies the batch
    expect((await app.call("GET", `/v1/traces/${traceId}`)).body.name).toBe("survivor");
    const health = (await app.call("GET", "/v1/ingest/health")).body;
    expect(health).toMatchObject({ dlqDepth: 1, lastReplay: { status: "done", replayed: 1, skipped: 1 } });
    const replayed = (await app.call("GET", "/v1/ingest/dead-letters")).body.data.find((d: any) => d.id === entry.id);
    expect(replayed.replayedAt).not.toBeNull();
  });

  it("dead-letters a queue message that is not a job", async () => {
    await app.deps.queues.ingest.send([{ body: "not a job" }]);
    await app.drainQueues();
    const messages = await app.deps.queues.ingestDeadLetters.receive({ max: 10, visibilitySeconds: 1 });
    expect(messages.map((m) => m.attributes.error)).toContain("unrecoverable: malformed queue message");
  });
});
