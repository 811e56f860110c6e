import { outboxEvents } from "@core/audit/audit.sql";
import { automationDeliveries, automations } from "@core/automations/automations.sql";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { verifySignature } from "../../../sdk/typescript/src/index.js";
import { ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Receiver, startReceiver } from "../../support/receiver";

/**
 * Automations end to end (docs/automations.md): real loopback receivers verify signatures and answer faults on
 * purpose; the relay, the deliveries and their retries are driven by hand with an injected clock.
 */
describe("automations", () => {
  let app: TestApp;
  let hook: Receiver;
  let now = Date.UTC(2026, 10, 25, 12, 0, 0);
  const relay = async () => {
    await app.trigger("relay-outbox");
  };
  /** What the background does after an ingest delivery locally: the relay, then the deliveries it recorded. */
  const relayAndDeliver = async () => {
    await relay();
    await app.trigger("deliver-automations");
  };
  const saveWebhook = async (body: Record<string, unknown>) => {
    const res = await app.call("POST", "/v1/automations", {
      body: { action: "webhook", target: `${hook.url}/hook`, ...body },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const savePrompt = async (body: Record<string, unknown>) =>
    expect((await app.call("POST", "/v1/prompts", { body })).status).toBe(201);
  const deliveriesOf = async (id: string) => (await app.call("GET", `/v1/automations/${id}/deliveries`)).body.data;
  /** The automations consumer as EventBridge invokes it on AWS: one event, its envelope as `detail`. */
  const invokeLambda = async (type: string, detail: unknown) => {
    const { handler } = await import("@functions/events/deliver-automations");
    return handler(
      {
        version: "0",
        id: "e",
        "detail-type": type,
        source: "sightline",
        account: "1",
        time: "",
        region: "us-east-1",
        resources: [],
        detail,
      } as never,
      {} as never,
    );
  };

  beforeAll(async () => {
    hook = await startReceiver();
    app = await startTestApp({ SIGHTLINE_OUTBOUND_TIMEOUT_MS: "300" });
    app.deps.clock = { now: () => new Date(now) };
  });
  afterAll(async () => {
    await app?.close();
    await hook?.close();
  });
  beforeEach(async () => {
    // Every test starts with no automation and an empty outbox, so it sees only what it caused.
    for (const a of (await app.call("GET", "/v1/automations")).body.data)
      await app.call("DELETE", `/v1/automations/${a.id}`);
    await relay();
    hook.received.length = 0;
    hook.fallback = { status: 200 };
  });

  it("creates a webhook with a generated signing secret shown once, and never returns it again", async () => {
    const created = await saveWebhook({ name: "signed", trigger: "prompt.created" });
    const fetched = await app.call("GET", `/v1/automations/${created.id}`);
    const listed = await app.call("GET", "/v1/automations");

    expect(created.secret).toMatch(/^whsec_/);
    expect(created).toMatchObject({
      name: "signed",
      trigger: "prompt.created",
      action: "webhook",
      hasSecret: true,
      enabled: true,
      filter: null,
      threshold: null,
    });
    expect(fetched.body).not.toHaveProperty("secret");
    expect(fetched.body.hasSecret).toBe(true);
    expect(JSON.stringify(listed.body)).not.toContain(created.secret);
  });

  it("refuses bad automations with 400 naming the field, and a taken name with 409", async () => {
    await saveWebhook({ name: "taken", trigger: "trace.created" });
    const github = await app.call("POST", "/v1/automations", {
      body: { name: "gh", trigger: "score.created", action: "github", target: "acme/prompts", secret: "t" },
    });
    const threshold = await app.call("POST", "/v1/automations", {
      body: { name: "th", trigger: "trace.created", action: "webhook", target: hook.url, threshold: 0.5 },
    });
    const url = await app.call("POST", "/v1/automations", {
      body: { name: "url", trigger: "trace.created", action: "webhook", target: "not a url" },
    });
    const trigger = await app.call("POST", "/v1/automations", {
      body: { name: "tr", trigger: "trace.deleted", action: "webhook", target: hook.url },
    });
    const twice = await app.call("POST", "/v1/automations", {
      body: { name: "taken", trigger: "trace.created", action: "webhook", target: hook.url },
    });

    expect(github.status).toBe(400);
    expect(github.body.error.message).toBe(
      "Invalid body.action: github dispatch takes only prompt triggers (prompt.created, prompt.updated, prompt.label.moved)",
    );
    expect(threshold.body.error.message).toBe("Invalid body.threshold: applies only to score.created");
    expect(url.body.error.message).toBe("Invalid body.target: must be an http(s) URL");
    expect(trigger.status).toBe(400);
    expect(trigger.body.error.message).toMatch(/^Invalid body\.trigger/);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ error: { code: "conflict", message: "An automation named 'taken' exists" } });
    expect((await app.call("GET", "/v1/automations/nope")).status).toBe(404);
  });

  it("delivers prompt.created as a signed envelope the SDK helper verifies, once, after the relay and not during the save", async () => {
    const { id, secret } = await saveWebhook({ name: "prompts", trigger: "prompt.created" });
    await savePrompt({ name: "greet", type: "TEXT", content: "Hi {{name}}", labels: ["production"] });
    expect(hook.received).toHaveLength(0);

    await relay();
    await relay();

    expect(hook.received).toHaveLength(1);
    const [req] = hook.received;
    expect(
      await verifySignature(
        secret,
        req!.headers["x-service-timestamp"] as string,
        req!.body,
        req!.headers["x-service-signature"] as string,
        { now: new Date(now) },
      ),
    ).toBe(true);
    const envelope = JSON.parse(req!.body);
    expect(envelope).toMatchObject({
      type: "prompt.created",
      projectId: expect.any(String),
      data: { name: "greet", version: 1, labels: expect.arrayContaining(["production", "latest"]) },
    });
    expect(envelope.data).not.toHaveProperty("projectId");
    const [delivery] = await deliveriesOf(id);
    expect(delivery).toMatchObject({
      eventId: envelope.id,
      type: "prompt.created",
      status: "succeeded",
      attempts: 1,
      responseStatus: 200,
      error: null,
      nextAttemptAt: null,
    });
    expect(delivery.attemptLog).toEqual([expect.objectContaining({ attempt: 1, responseStatus: 200, error: null })]);
  });

  it("posts {text} to a Slack incoming webhook", async () => {
    await app.call("POST", "/v1/automations", {
      body: { name: "slack", trigger: "prompt.updated", action: "slack", target: `${hook.url}/services/T/B/x` },
    });
    await savePrompt({ name: "slacked", type: "TEXT", content: "v1" });
    await savePrompt({ name: "slacked", type: "TEXT", content: "v2" });

    await relay();

    expect(hook.received).toHaveLength(1);
    expect(hook.received[0]!.path).toBe("/services/T/B/x");
    expect(JSON.parse(hook.received[0]!.body)).toEqual({ text: expect.stringContaining("prompt slacked version 2") });
  });

  it("fires score.created from ingest only below the threshold and where the filter holds", async () => {
    await saveWebhook({
      name: "low",
      trigger: "score.created",
      threshold: 0.5,
      filter: [{ column: "name", operator: "=", value: "helpfulness" }],
    });
    const traceId = crypto.randomUUID();
    await ingest(app, [
      ev("trace-create", { id: traceId, name: "t" }),
      ev("score-create", { id: "s-low", traceId, name: "helpfulness", value: 0.2 }),
      ev("score-create", { id: "s-high", traceId, name: "helpfulness", value: 0.9 }),
      ev("score-create", { id: "s-other", traceId, name: "accuracy", value: 0.1 }),
    ]);

    await relayAndDeliver();

    expect(hook.received.map((r) => JSON.parse(r.body).data.id)).toEqual(["s-low"]);
    expect(JSON.parse(hook.received[0]!.body)).toMatchObject({
      type: "score.created",
      data: { id: "s-low", traceId, name: "helpfulness", value: 0.2, dataType: "NUMERIC", source: "API" },
    });
  });

  it("fires trace.created once per trace, however often the trace is updated or redelivered", async () => {
    await saveWebhook({ name: "traces", trigger: "trace.created" });
    const traceId = crypto.randomUUID();
    await ingest(app, [ev("trace-create", { id: traceId, name: "first", userId: "u1", input: "secret input" })]);
    await ingest(app, [ev("trace-create", { id: traceId, name: "renamed" })]);

    await relayAndDeliver();
    await relayAndDeliver();

    expect(hook.received).toHaveLength(1);
    const envelope = JSON.parse(hook.received[0]!.body);
    expect(envelope).toMatchObject({ type: "trace.created", data: { id: traceId, name: "first", userId: "u1" } });
    expect(envelope.data).not.toHaveProperty("input");
  });

  it("appends no trace.created or score.created and records no delivery for a project nothing listens to", async () => {
    const before = (await app.deps.db.select().from(outboxEvents).where(eq(outboxEvents.type, "trace.created"))).length;
    const deliveriesBefore = (await app.deps.db.select().from(automationDeliveries)).length;
    const traceId = crypto.randomUUID();
    await ingest(app, [
      ev("trace-create", { id: traceId }),
      ev("score-create", { id: crypto.randomUUID(), traceId, name: "x", value: 1 }),
    ]);

    const traces = await app.deps.db.select().from(outboxEvents).where(eq(outboxEvents.type, "trace.created"));
    const scores = (await app.deps.db.select().from(outboxEvents).where(eq(outboxEvents.type, "score.created"))).filter(
      (e) => (e.payload as any).traceId === traceId,
    );
    expect(traces).toHaveLength(before);
    expect(scores).toHaveLength(0);
    expect(await app.deps.db.select().from(automationDeliveries)).toHaveLength(deliveriesBefore);
  });

  it("records trace.created and score.created deliveries with their rows, only where a filter or threshold takes them, and no outbox event without a sink", async () => {
    const traces = await saveWebhook({
      name: "wanted-traces",
      trigger: "trace.created",
      filter: [{ column: "name", operator: "=", value: "wanted" }],
    });
    const scores = await saveWebhook({ name: "low-scores", trigger: "score.created", threshold: 0.5 });
    const [wanted, other, later] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const appended = async (type: string) =>
      (await app.deps.db.select().from(outboxEvents).where(eq(outboxEvents.type, type)).orderBy(outboxEvents.seq)).map(
        (e) => (e.payload as { id: string }).id,
      );
    const recorded = async (automationId: string) =>
      (
        await app.deps.db
          .select()
          .from(automationDeliveries)
          .where(eq(automationDeliveries.automationId, automationId))
          .orderBy(automationDeliveries.seq)
      ).map((d) => ({ id: (d.envelope as { data: { id: string } }).data.id, status: d.status }));
    const [tracesBefore, scoresBefore] = [await appended("trace.created"), await appended("score.created")];

    await ingest(app, [
      ev("trace-create", { id: wanted, name: "wanted" }),
      ev("trace-create", { id: other, name: "other" }),
      ev("score-create", { id: "s-low-only", traceId: other, name: "q", value: 0.1 }),
      ev("score-create", { id: "s-high-none", traceId: other, name: "q", value: 0.9 }),
    ]);
    // Recorded with the rows, pending until attempted; no outbox event when no sink takes traces or scores.
    const pending = [await recorded(traces.id), await recorded(scores.id)];
    await relayAndDeliver();
    // A changed filter takes the next traces: the cached automations are read again after the write.
    const changed = await app.call("PUT", `/v1/automations/${traces.id}`, {
      body: {
        name: "wanted-traces",
        trigger: "trace.created",
        action: "webhook",
        target: `${hook.url}/hook`,
        filter: [{ column: "name", operator: "=", value: "later" }],
      },
    });
    await ingest(app, [ev("trace-create", { id: later, name: "later" })]);
    await relayAndDeliver();

    expect(changed.status).toBe(200);
    expect(pending).toEqual([[{ id: wanted, status: "pending" }], [{ id: "s-low-only", status: "pending" }]]);
    expect(await recorded(traces.id)).toEqual([
      { id: wanted, status: "succeeded" },
      { id: later, status: "succeeded" },
    ]);
    expect(await recorded(scores.id)).toEqual([{ id: "s-low-only", status: "succeeded" }]);
    expect(await appended("trace.created")).toEqual(tracesBefore);
    expect(await appended("score.created")).toEqual(scoresBefore);
    expect(hook.received.map((r) => JSON.parse(r.body).data.id).sort()).toEqual(["s-low-only", later, wanted].sort());
  });

  it("records no delivery for an automation disabled or deleted since the worker read it, and still writes the trace", async () => {
    const off = await saveWebhook({ name: "turned-off", trigger: "trace.created" });
    const gone = await saveWebhook({ name: "gone-meanwhile", trigger: "trace.created" });
    // The worker reads (and, on the embedded store, caches) both automations with a first trace.
    await ingest(app, [ev("trace-create", { id: crypto.randomUUID(), name: "first" })]);
    // Changed behind the API's back, so a cache the worker holds still lists both as enabled.
    await app.deps.db.update(automations).set({ enabled: false }).where(eq(automations.id, off.id));
    await app.deps.db.delete(automations).where(eq(automations.id, gone.id));
    const traceId = crypto.randomUUID();

    await ingest(app, [ev("trace-create", { id: traceId, name: "after" })]);

    expect((await app.call("GET", `/v1/traces/${traceId}`)).status).toBe(200);
    const recorded = (await app.deps.db.select().from(automationDeliveries)).filter(
      (d) => (d.envelope as { data: { id: string } }).data.id === traceId,
    );
    expect(recorded).toEqual([]);
  });

  it("retries 500, 429, a hang and a closed socket with backoff, fails after the fifth attempt, and retries by hand", async () => {
    const { id } = await saveWebhook({ name: "flaky", trigger: "prompt.created" });
    hook.answer({ status: 500, body: "down" }, { status: 429 }, "hang", "close", { status: 503 });
    await savePrompt({ name: "flaky", type: "TEXT", content: "x" });
    await relay();
    const waits: number[] = [];
    for (let attempt = 2; attempt <= 5; attempt++) {
      const [pending] = await deliveriesOf(id);
      expect(pending.status).toBe("pending");
      waits.push((Date.parse(pending.nextAttemptAt) - now) / 1000);
      // Not due yet: nothing is sent.
      await app.trigger("deliver-automations");
      expect(hook.received).toHaveLength(attempt - 1);
      now = Date.parse(pending.nextAttemptAt);
      await app.trigger("deliver-automations");
      expect(hook.received).toHaveLength(attempt);
    }

    const [failed] = await deliveriesOf(id);
    expect(waits).toEqual([60, 300, 900, 2400]);
    expect(failed).toMatchObject({ status: "failed", attempts: 5, responseStatus: 503, nextAttemptAt: null });
    expect(failed.attemptLog.map((a: any) => a.responseStatus)).toEqual([500, 429, null, null, 503]);
    expect(failed.attemptLog[0].error).toBe("HTTP 500: down");
    expect(failed.attemptLog[2].error).toMatch(/^timeout: /);
    expect(failed.attemptLog[3].error).toMatch(/^connection: /);

    const retried = await app.call("POST", `/v1/automations/${id}/deliveries/${failed.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id: failed.id, status: "succeeded", attempts: 1, responseStatus: 200 });
    expect(retried.body.attemptLog).toHaveLength(6);
    const again = await app.call("POST", `/v1/automations/${id}/deliveries/nope/retry`);
    expect(again.status).toBe(404);
  });

  it("treats another 4xx as final at once", async () => {
    const { id } = await saveWebhook({ name: "gone", trigger: "prompt.created" });
    hook.answer({ status: 404 });
    await savePrompt({ name: "gone", type: "TEXT", content: "x" });

    await relay();

    expect(await deliveriesOf(id)).toEqual([
      expect.objectContaining({ status: "failed", attempts: 1, responseStatus: 404, nextAttemptAt: null }),
    ]);
  });

  it("leases a run's deliveries for every round of its lanes at the time limit, so no other run sends them meanwhile", async () => {
    const { id } = await saveWebhook({ name: "slow", trigger: "prompt.created" });
    hook.fallback = "hang";
    // 20 deliveries on 16 lanes: two rounds of 300 ms attempts (the app's outbound time limit), plus the margin.
    for (let i = 0; i < 20; i++) await savePrompt({ name: `slow-${i}`, type: "TEXT", content: "x" });

    const running = relay();
    let leases: (Date | null)[] = [];
    while (leases.length < 20) {
      leases = (
        await app.deps.db.select().from(automationDeliveries).where(eq(automationDeliveries.automationId, id))
      ).map((d) => d.leasedUntil);
      await new Promise((r) => setTimeout(r, 5));
    }
    await running;

    expect(new Set(leases.map((l) => l!.getTime() - now))).toEqual(new Set([2 * 300 + 60_000]));
    expect(await deliveriesOf(id)).toHaveLength(20);
  });

  it("test-sends a sample event once and logs it", async () => {
    const { id } = await saveWebhook({ name: "tested", trigger: "score.created" });
    hook.answer({ status: 500 });

    const sent = await app.call("POST", `/v1/automations/${id}/test`);

    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ type: "score.created", status: "failed", attempts: 1, responseStatus: 500 });
    expect(JSON.parse(hook.received[0]!.body)).toMatchObject({ type: "score.created", data: { name: "test-score" } });
    expect(await deliveriesOf(id)).toHaveLength(1);
  });

  it("fires eval.completed and score.created for an evaluator's score", async () => {
    const evals = await saveWebhook({ name: "evals", trigger: "eval.completed" });
    await saveWebhook({
      name: "eval-scores",
      trigger: "score.created",
      filter: [{ column: "source", operator: "=", value: "EVAL" }],
    });
    const traceId = crypto.randomUUID();
    await ingest(app, [ev("trace-create", { id: traceId, input: "q", output: "a" })]);
    expect(
      (
        await app.call("POST", "/v1/evaluators", {
          body: { name: "judge-it", prompt: "Rate {{output}}", provider: "mock", model: "mock" },
        })
      ).status,
    ).toBe(201);
    const run = await app.call("POST", "/v1/evaluators/judge-it/run", { body: { traceId } });
    expect(run.status).toBe(200);

    await relayAndDeliver();

    const byType = Object.fromEntries(hook.received.map((r) => JSON.parse(r.body)).map((e) => [e.type, e]));
    expect(byType["eval.completed"].data).toMatchObject({
      evaluator: "judge-it",
      scoreId: run.body.score.id,
      target: { traceId, observationId: null },
      status: "completed",
    });
    expect(byType["score.created"].data).toMatchObject({
      id: run.body.score.id,
      traceId,
      name: "judge-it",
      source: "EVAL",
    });
    expect(await deliveriesOf(evals.id)).toEqual([expect.objectContaining({ status: "succeeded" })]);
  });

  it("takes one EventBridge event per Lambda invocation, drops a detail that is no envelope, and never delivers an event twice", async () => {
    const { id } = await saveWebhook({ name: "lambda", trigger: "alert.firing" });
    const { projectId } = (await app.deps.db.select().from(automations).where(eq(automations.id, id)))[0]!;
    const envelope = {
      id: crypto.randomUUID(),
      type: "alert.firing",
      projectId,
      timestamp: new Date(now).toISOString(),
      data: { alert: "slow", state: "firing", value: 9, threshold: 5 },
    };
    const invoke = (detail: unknown) => invokeLambda("alert.firing", detail);

    const first = await invoke(envelope);
    const again = await invoke(envelope);
    const malformed = await invoke({ nope: true });

    expect(first).toEqual({ deliveries: 1 });
    expect(again).toEqual({ deliveries: 0 });
    expect(malformed).toBeNull();
    expect(hook.received.map((r) => JSON.parse(r.body))).toEqual([envelope]);
  });

  it("attempts the deliveries the ingest worker recorded when its deliveries.due event arrives, as on AWS", async () => {
    // What earlier tests left queued (an evaluator's own traced model call) is written before the automation exists.
    await app.drainQueues();
    const { id } = await saveWebhook({ name: "due-on-lambda", trigger: "trace.created" });
    const { projectId } = (await app.deps.db.select().from(automations).where(eq(automations.id, id)))[0]!;
    const traceId = crypto.randomUUID();
    await ingest(app, [ev("trace-create", { id: traceId, name: "nudged" })]);
    const recorded = await deliveriesOf(id);
    const invoke = (detail: unknown) => invokeLambda("deliveries.due", detail);
    const nudge = {
      id: crypto.randomUUID(),
      type: "deliveries.due",
      projectId,
      timestamp: new Date(now).toISOString(),
      data: {},
    };

    const first = await invoke(nudge);
    const again = await invoke({ ...nudge, id: crypto.randomUUID() });

    expect(recorded).toEqual([expect.objectContaining({ status: "pending", attempts: 0, type: "trace.created" })]);
    expect(first).toEqual({ deliveries: 1 });
    expect(again).toEqual({ deliveries: 0 });
    expect(hook.received.map((r) => JSON.parse(r.body))).toEqual([
      {
        id: recorded[0].eventId,
        type: "trace.created",
        projectId,
        timestamp: expect.any(String),
        data: expect.objectContaining({ id: traceId, name: "nudged" }),
      },
    ]);
    expect(await deliveriesOf(id)).toEqual([expect.objectContaining({ status: "succeeded", attempts: 1 })]);
  });

  it("forgets dispatched events and finished deliveries after 30 days in the daily retention run, keeping what is pending", async () => {
    const { id } = await saveWebhook({ name: "aging", trigger: "prompt.created" });
    await savePrompt({ name: "aging-ok", type: "TEXT", content: "x" });
    await relay();
    hook.answer({ status: 503 });
    await savePrompt({ name: "aging-retrying", type: "TEXT", content: "x" });
    await relay();
    const deliveries = await deliveriesOf(id);
    expect(deliveries.map((d: any) => d.status).sort()).toEqual(["pending", "succeeded"]);
    const pendingEvent = (
      await app.deps.db.select().from(outboxEvents).where(eq(outboxEvents.type, "prompt.created"))
    ).find((e) => (e.payload as any).name === "aging-retrying")!;
    // An event the bus never took stays however old it is.
    await app.deps.db.update(outboxEvents).set({ dispatchedAt: null }).where(eq(outboxEvents.id, pendingEvent.id));

    const clock = app.deps.clock;
    const later = now + 31 * 86_400_000;
    app.deps.clock = { now: () => new Date(later) };
    hook.fallback = "hang";
    try {
      const result = (await app.trigger("retention")) as { outbox: number; deliveries: number };
      expect(result.outbox).toBeGreaterThan(0);
      expect(result.deliveries).toBeGreaterThan(0);
    } finally {
      app.deps.clock = clock;
      hook.fallback = { status: 200 };
    }

    expect((await deliveriesOf(id)).map((d: any) => d.status)).toEqual(["pending"]);
    const left = await app.deps.db.select().from(outboxEvents);
    expect(left.every((e) => e.dispatchedAt === null || e.dispatchedAt.getTime() > later - 30 * 86_400_000)).toBe(true);
    expect(left.map((e) => e.id)).toContain(pendingEvent.id);
  });
});
