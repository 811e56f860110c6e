import { automations, eventSinks } from "@core/automations/automations.sql";
import { lambdaContext } from "@functions/local/lambda-context";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Receiver, startReceiver } from "../../support/receiver";

/** GitHub repository dispatch through `SIGHTLINE_GITHUB_API_URL`, and the event sink, against loopback fakes (docs/automations.md). */
describe("github dispatch and the event sink", () => {
  let app: TestApp;
  let github: Receiver;
  let capture: Receiver;

  beforeAll(async () => {
    [github, capture] = await Promise.all([startReceiver(), startReceiver()]);
    app = await startTestApp({ SIGHTLINE_GITHUB_API_URL: `${github.url}/api/v3` });
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([github?.close(), capture?.close()]);
  });

  it("dispatches service-prompt-label-moved with the prompt and the token, which is sealed and never returned", async () => {
    const created = await app.call("POST", "/v1/automations", {
      body: {
        name: "ship",
        trigger: "prompt.label.moved",
        action: "github",
        target: "acme/prompts",
        secret: "ghp_token123",
      },
    });
    await app.call("POST", "/v1/prompts", {
      body: { name: "support", type: "TEXT", content: "v1", labels: ["production"] },
    });
    await app.call("POST", "/v1/prompts", {
      body: { name: "support", type: "TEXT", content: "v2", labels: ["production"] },
    });

    await app.trigger("relay-outbox");

    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty("secret");
    expect(JSON.stringify((await app.call("GET", `/v1/automations/${created.body.id}`)).body)).not.toContain(
      "ghp_token123",
    );
    const [row] = await app.deps.db.select().from(automations);
    expect(row!.secretSealed).not.toContain("ghp_token123");
    expect(github.received).toHaveLength(1);
    const [req] = github.received;
    expect(req!.path).toBe("/api/v3/repos/acme/prompts/dispatches");
    expect(req!.headers.authorization).toBe("Bearer ghp_token123");
    const body = JSON.parse(req!.body);
    expect(body).toEqual({
      event_type: "service-prompt-label-moved",
      client_payload: { name: "support", version: 2, labels: ["latest", "production"], projectId: expect.any(String) },
    });
  });

  it("refuses a sink without its key, seals the key, and answers hasApiKey", async () => {
    const missing = await app.call("PUT", "/v1/event-sink", { body: { url: capture.url, events: ["trace"] } });
    const saved = await app.call("PUT", "/v1/event-sink", {
      body: { url: capture.url, apiKey: "phc_key", events: ["trace", "score"] },
    });
    const shown = await app.call("GET", "/v1/event-sink");

    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe("Invalid body.apiKey: required when the project has no event sink");
    expect(saved.status).toBe(200);
    expect(shown.body).toMatchObject({
      url: capture.url,
      hasApiKey: true,
      events: ["trace", "score"],
      enabled: true,
      pending: 0,
    });
    expect(JSON.stringify(shown.body)).not.toContain("phc_key");
    const [row] = await app.deps.db.select().from(eventSinks);
    expect(row!.apiKeySealed).not.toContain("phc_key");
  });

  it("sends traces and scores to <url>/batch/ in one capture batch, retrying a failed batch", async () => {
    const traceId = crypto.randomUUID();
    capture.answer({ status: 503 });
    await ingest(app, [
      ev("trace-create", { id: traceId, name: "chat", userId: "user-7" }),
      ev("score-create", { id: crypto.randomUUID(), traceId, name: "quality", value: 1 }),
    ]);
    await app.trigger("relay-outbox");

    await app.trigger("flush-event-sink");
    const waiting = (await app.call("GET", "/v1/event-sink")).body;
    const later = new Date(Date.now() + 61_000);
    app.deps.clock = { now: () => later };
    await app.trigger("flush-event-sink");

    expect(waiting.pending).toBe(2);
    expect(capture.received).toHaveLength(2);
    const [failed, sent] = capture.received.map((r) => ({ path: r.path, body: JSON.parse(r.body) }));
    expect(failed!.body).toEqual(sent!.body);
    expect(sent!.path).toBe("/batch/");
    expect(sent!.body.api_key).toBe("phc_key");
    expect(sent!.body.batch).toEqual([
      expect.objectContaining({
        event: "sightline_trace",
        distinct_id: "user-7",
        properties: expect.objectContaining({ id: traceId, name: "chat" }),
      }),
      expect.objectContaining({
        event: "sightline_score",
        distinct_id: traceId,
        properties: expect.objectContaining({ traceId, name: "quality", value: 1 }),
      }),
    ]);
    expect((await app.call("GET", "/v1/event-sink")).body).toMatchObject({ pending: 0, failed: 0 });
  });

  it("with a second left before its function's time limit, sends one batch and gives the rest back, due at once", async () => {
    const before = capture.received.length;
    await ingest(
      app,
      Array.from({ length: 250 }, (_, i) => ev("trace-create", { id: crypto.randomUUID(), name: `sink-${i}` })),
    );
    await app.trigger("relay-outbox");
    const { handler } = await import("@functions/cron/flush-event-sink");
    const flush = (timeoutSeconds: number) =>
      handler({ source: "aws.events" } as never, lambdaContext("flush-event-sink", timeoutSeconds));

    const short = await flush(1);
    const waiting = (await app.call("GET", "/v1/event-sink")).body;
    const rest = await flush(60);

    expect(short).toEqual({ sent: 100, failed: 0, retrying: 0 });
    expect(waiting.pending).toBe(150);
    expect(rest).toEqual({ sent: 150, failed: 0, retrying: 0 });
    const sent = capture.received
      .slice(before)
      .flatMap((r) => JSON.parse(r.body).batch.map((e: any) => e.properties.name));
    expect(sent).toHaveLength(250);
    expect(new Set(sent).size).toBe(250);
  });
});
