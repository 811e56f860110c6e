import { outboxEvents } from "@core/audit/audit.sql";
import { automationDeliveries, automations } from "@core/automations/automations.sql";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { verifySignature } from "../../../sdk/typescript/src/index.js";
import { automationsApp } from "../../support/automations-app";
import { ev, ingest } from "../../support/ingest";

/**
 * Automations end to end (docs/automations.md): real loopback receivers verify signatures and answer faults on
 * purpose; the relay, the deliveries and their retries are driven by hand with an injected clock.
 */
describe("automations", () => {
  const t = automationsApp();

  it("creates a webhook with a generated signing secret shown once, and never returns it again", async () => {
    const created = await t.saveWebhook({ name: "signed", trigger: "prompt.created" });
    const fetched = await t.app.call("GET", `/v1/automations/${created.id}`);
    const listed = await t.app.call("GET", "/v1/automations");

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
    await t.saveWebhook({ name: "taken", trigger: "trace.created" });
    const github = await t.app.call("POST", "/v1/automations", {
      body: { name: "gh", trigger: "score.created", action: "github", target: "acme/prompts", secret: "t" },
    });
    const threshold = await t.app.call("POST", "/v1/automations", {
      body: { name: "th", trigger: "trace.created", action: "webhook", target: t.hook.url, threshold: 0.5 },
    });
    const url = await t.app.call("POST", "/v1/automations", {
      body: { name: "url", trigger: "trace.created", action: "webhook", target: "not a url" },
    });
    const trigger = await t.app.call("POST", "/v1/automations", {
      body: { name: "tr", trigger: "trace.deleted", action: "webhook", target: t.hook.url },
    });
    const twice = await t.app.call("POST", "/v1/automations", {
      body: { name: "taken", trigger: "trace.created", action: "webhook", target: t.hook.url },
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
    expect((await t.app.call("GET", "/v1/automations/nope")).status).toBe(404);
  });

  it("delivers prompt.created as a signed envelope the SDK helper verifies, once, after the relay and not during the save", async () => {
    const { id, secret } = await t.saveWebhook({ name: "prompts", trigger: "prompt.created" });
    await t.savePrompt({ name: "greet", type: "TEXT", content: "Hi {{name}}", labels: ["production"] });
    expect(t.hook.received).toHaveLength(0);

    await t.relay();
    await t.relay();

    expect(t.hook.received).toHaveLength(1);
    const [req] = t.hook.received;
    expect(
      await verifySignature(
        secret,
        req!.headers["x-service-timestamp"] as string,
        req!.body,
        req!.headers["x-service-signature"] as string,
        { now: new Date(t.now) },
      ),
    ).toBe(true);
    const envelope = JSON.parse(req!.body);
    expect(envelope).toMatchObject({
      type: "prompt.created",
      projectId: expect.any(String),
      data: { name: "greet", version: 1, labels: expect.arrayContaining(["production", "latest"]) },
    });
    expect(envelope.data).not.toHaveProperty("projectId");
    const [delivery] = await t.deliveriesOf(id);
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
    await t.app.call("POST", "/v1/automations", {
      body: { name: "slack", trigger: "prompt.updated", action: "slack", target: `${t.hook.url}/services/T/B/x` },
    });
    await t.savePrompt({ name: "slacked", type: "TEXT", content: "v1" });
    await t.savePrompt({ name: "slacked", type: "TEXT", content: "v2" });

    await t.relay();

    expect(t.hook.received).toHaveLength(1);
    expect(t.hook.received[0]!.path).toBe("/services/T/B/x");
    expect(JSON.parse(t.hook.received[0]!.body)).toEqual({ text: expect.stringContaining("prompt slacked version 2") });
  });

  it("retries 500, 429, a hang and a closed socket with backoff, fails after the fifth attempt, and retries by hand", async () => {
    const { id } = await t.saveWebhook({ name: "flaky", trigger: "prompt.created" });
    t.hook.answer({ status: 500, body: "down" }, { status: 429 }, "hang", "close", { status: 503 });
    await t.savePrompt({ name: "flaky", type: "TEXT", content: "x" });
    await t.relay();
    const waits: number[] = [];
    for (let attempt = 2; attempt <= 5; attempt++) {
      const [pending] = await t.deliveriesOf(id);
      expect(pending.status).toBe("pending");
      waits.push((Date.parse(pending.nextAttemptAt) - t.now) / 1000);
      // Not due yet: nothing is sent.
      await t.app.trigger("deliver-automations");
      expect(t.hook.received).toHaveLength(attempt - 1);
      t.now = Date.parse(pending.nextAttemptAt);
      await t.app.trigger("deliver-automations");
      expect(t.hook.received).toHaveLength(attempt);
    }

    const [failed] = await t.deliveriesOf(id);
    expect(waits).toEqual([60, 300, 900, 2400]);
    expect(failed).toMatchObject({ status: "failed", attempts: 5, responseStatus: 503, nextAttemptAt: null });
    expect(failed.attemptLog.map((a: any) => a.responseStatus)).toEqual([500, 429, null, null, 503]);
    expect(failed.attemptLog[0].error).toBe("HTTP 500: down");
    expect(failed.attemptLog[2].error).toMatch(/^timeout: /);
    expect(failed.attemptLog[3].error).toMatch(/^connection: /);

    const retried = await t.app.call("POST", `/v1/automations/${id}/deliveries/${failed.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id: failed.id, status: "succeeded", attempts: 1, responseStatus: 200 });
    expect(retried.body.attemptLog).toHaveLength(6);
    const again = await t.app.call("POST", `/v1/automations/${id}/deliveries/nope/retry`);
    expect(again.status).toBe(404);
  });

  it("treats another 4xx as final at once", async () => {
    const { id } = await t.saveWebhook({ name: "gone", trigger: "prompt.created" });
    t.hook.answer({ status: 404 });
    await t.savePrompt({ name: "gone", type: "TEXT", content: "x" });

    await t.relay();

    expect(await t.deliveriesOf(id)).toEqual([
      expect.objectContaining({ status: "failed", attempts: 1, responseStatus: 404, nextAttemptAt: null }),
    ]);
  });

  it("leases a run's deliveries for every round of its lanes at the time limit, so no other run sends them meanwhile", async () => {
    const { id } = await t.saveWebhook({ name: "slow", trigger: "prompt.created" });
    t.hook.fallback = "hang";
    // 20 deliveries on 16 lanes: two rounds of 300 ms attempts (the app's outbound time limit), plus the margin.
    for (let i = 0; i < 20; i++) await t.savePrompt({ name: `slow-${i}`, type: "TEXT", content: "x" });

    const running = t.relay();
    let leases: (Date | null)[] = [];
    while (leases.length < 20) {
      leases = (
        await t.app.deps.db.select().from(automationDeliveries).where(eq(automationDeliveries.automationId, id))
      ).map((d) => d.leasedUntil);
      await new Promise((r) => setTimeout(r, 5));
    }
    await running;

    expect(new Set(leases.map((l) => l!.getTime() - t.now))).toEqual(new Set([2 * 300 + 60_000]));
    expect(await t.deliveriesOf(id)).toHaveLength(20);
  });

  it("test-sends a sample event once and logs it", async () => {
    const { id } = await t.saveWebhook({ name: "tested", trigger: "score.created" });
    t.hook.answer({ status: 500 });

    const sent = await t.app.call("POST", `/v1/automations/${id}/test`);

    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ type: "score.created", status: "failed", attempts: 1, responseStatus: 500 });
    expect(JSON.parse(t.hook.received[0]!.body)).toMatchObject({ type: "score.created", data: { name: "test-score" } });
    expect(await t.deliveriesOf(id)).toHaveLength(1);
  });

  it("fires eval.completed and score.created for an evaluator's score", async () => {
    const evals = await t.saveWebhook({ name: "evals", trigger: "eval.completed" });
    await t.saveWebhook({
      name: "eval-scores",
      trigger: "score.created",
      filter: [{ column: "source", operator: "=", value: "EVAL" }],
    });
    const traceId = crypto.randomUUID();
    await ingest(t.app, [ev("trace-create", { id: traceId, input: "q", output: "a" })]);
    expect(
      (
        await t.app.call("POST", "/v1/evaluators", {
          body: { name: "judge-it", prompt: "Rate {{output}}", provider: "mock", model: "mock" },
        })
      ).status,
    ).toBe(201);
    const run = await t.app.call("POST", "/v1/evaluators/judge-it/run", { body: { traceId } });
    expect(run.status).toBe(200);

    await t.relayAndDeliver();

    const byType = Object.fromEntries(t.hook.received.map((r) => JSON.parse(r.body)).map((e) => [e.type, e]));
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
    expect(await t.deliveriesOf(evals.id)).toEqual([expect.objectContaining({ status: "succeeded" })]);
  });

  it("takes one EventBridge event per Lambda invocation, drops a detail that is no envelope, and never delivers an event twice", async () => {
    const { id } = await t.saveWebhook({ name: "lambda", trigger: "alert.firing" });
    const { projectId } = (await t.app.deps.db.select().from(automations).where(eq(automations.id, id)))[0]!;
    const envelope = {
      id: crypto.randomUUID(),
      type: "alert.firing",
      projectId,
      timestamp: new Date(t.now).toISOString(),
      data: { alert: "slow", state: "firing", value: 9, threshold: 5 },
    };
    const invoke = (detail: unknown) => t.invokeLambda("alert.firing", detail);

    const first = await invoke(envelope);
    const again = await invoke(envelope);
    const malformed = await invoke({ nope: true });

    expect(first).toEqual({ deliveries: 1 });
    expect(again).toEqual({ deliveries: 0 });
    expect(malformed).toBeNull();
    expect(t.hook.received.map((r) => JSON.parse(r.body))).toEqual([envelope]);
  });

  it("forgets dispatched events and finished deliveries after 30 days in the daily retention run, keeping what is pending", async () => {
    const { id } = await t.saveWebhook({ name: "aging", trigger: "prompt.created" });
    await t.savePrompt({ name: "aging-ok", type: "TEXT", content: "x" });
    await t.relay();
    t.hook.answer({ status: 503 });
    await t.savePrompt({ name: "aging-retrying", type: "TEXT", content: "x" });
    await t.relay();
    const deliveries = await t.deliveriesOf(id);
    expect(deliveries.map((d: any) => d.status).sort()).toEqual(["pending", "succeeded"]);
    const pendingEvent = (
      await t.app.deps.db.select().from(outboxEvents).where(eq(outboxEvents.type, "prompt.created"))
    ).find((e) => (e.payload as any).name === "aging-retrying")!;
    // An event the bus never took stays however old it is.
    await t.app.deps.db.update(outboxEvents).set({ dispatchedAt: null }).where(eq(outboxEvents.id, pendingEvent.id));

    const clock = t.app.deps.clock;
    const later = t.now + 31 * 86_400_000;
    t.app.deps.clock = { now: () => new Date(later) };
    t.hook.fallback = "hang";
    try {
      const result = (await t.app.trigger("retention")) as { outbox: number; deliveries: number };
      expect(result.outbox).toBeGreaterThan(0);
      expect(result.deliveries).toBeGreaterThan(0);
    } finally {
      t.app.deps.clock = clock;
      t.hook.fallback = { status: 200 };
    }

    expect((await t.deliveriesOf(id)).map((d: any) => d.status)).toEqual(["pending"]);
    const left = await t.app.deps.db.select().from(outboxEvents);
    expect(left.every((e) => e.dispatchedAt === null || e.dispatchedAt.getTime() > later - 30 * 86_400_000)).toBe(true);
    expect(left.map((e) => e.id)).toContain(pendingEvent.id);
  });
});
