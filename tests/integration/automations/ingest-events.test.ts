import { outboxEvents } from "@core/audit/audit.sql";
import { automationDeliveries, automations } from "@core/automations/automations.sql";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { automationsApp } from "../../support/automations-app";
import { ev, ingest } from "../../support/ingest";

/**
 * The events the writers of telemetry record (docs/automations.md, "Events"): `trace.created` and `score.created`
 * as deliveries with their rows, only for what takes them, and how they are attempted locally and on AWS.
 */
describe("automations on ingested traces and scores", () => {
  const t = automationsApp();

  it("fires score.created from ingest only below the threshold and where the filter holds", async () => {
    await t.saveWebhook({
      name: "low",
      trigger: "score.created",
      threshold: 0.5,
      filter: [{ column: "name", operator: "=", value: "helpfulness" }],
    });
    const traceId = crypto.randomUUID();
    await ingest(t.app, [
      ev("trace-create", { id: traceId, name: "t" }),
      ev("score-create", { id: "s-low", traceId, name: "helpfulness", value: 0.2 }),
      ev("score-create", { id: "s-high", traceId, name: "helpfulness", value: 0.9 }),
      ev("score-create", { id: "s-other", traceId, name: "accuracy", value: 0.1 }),
    ]);

    await t.relayAndDeliver();

    expect(t.hook.received.map((r) => JSON.parse(r.body).data.id)).toEqual(["s-low"]);
    expect(JSON.parse(t.hook.received[0]!.body)).toMatchObject({
      type: "score.created",
      data: { id: "s-low", traceId, name: "helpfulness", value: 0.2, dataType: "NUMERIC", source: "API" },
    });
  });

  it("fires trace.created once per trace, however often the trace is updated or redelivered", async () => {
    await t.saveWebhook({ name: "traces", trigger: "trace.created" });
    const traceId = crypto.randomUUID();
    await ingest(t.app, [ev("trace-create", { id: traceId, name: "first", userId: "u1", input: "secret input" })]);
    await ingest(t.app, [ev("trace-create", { id: traceId, name: "renamed" })]);

    await t.relayAndDeliver();
    await t.relayAndDeliver();

    expect(t.hook.received).toHaveLength(1);
    const envelope = JSON.parse(t.hook.received[0]!.body);
    expect(envelope).toMatchObject({ type: "trace.created", data: { id: traceId, name: "first", userId: "u1" } });
    expect(envelope.data).not.toHaveProperty("input");
  });

  it("appends no trace.created or score.created and records no delivery for a project nothing listens to", async () => {
    const before = (await t.app.deps.db.select().from(outboxEvents).where(eq(outboxEvents.type, "trace.created")))
      .length;
    const deliveriesBefore = (await t.app.deps.db.select().from(automationDeliveries)).length;
    const traceId = crypto.randomUUID();
    await ingest(t.app, [
      ev("trace-create", { id: traceId }),
      ev("score-create", { id: crypto.randomUUID(), traceId, name: "x", value: 1 }),
    ]);

    const traces = await t.app.deps.db.select().from(outboxEvents).where(eq(outboxEvents.type, "trace.created"));
    const scores = (
      await t.app.deps.db.select().from(outboxEvents).where(eq(outboxEvents.type, "score.created"))
    ).filter((e) => (e.payload as any).traceId === traceId);
    expect(traces).toHaveLength(before);
    expect(scores).toHaveLength(0);
    expect(await t.app.deps.db.select().from(automationDeliveries)).toHaveLength(deliveriesBefore);
  });

  it("records trace.created and score.created deliveries with their rows, only where a filter or threshold takes them, and no outbox event without a sink", async () => {
    const traces = await t.saveWebhook({
      name: "wanted-traces",
      trigger: "trace.created",
      filter: [{ column: "name", operator: "=", value: "wanted" }],
    });
    const scores = await t.saveWebhook({ name: "low-scores", trigger: "score.created", threshold: 0.5 });
    const [wanted, other, later] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const appended = async (type: string) =>
      (
        await t.app.deps.db.select().from(outboxEvents).where(eq(outboxEvents.type, type)).orderBy(outboxEvents.seq)
      ).map((e) => (e.payload as { id: string }).id);
    const recorded = async (automationId: string) =>
      (
        await t.app.deps.db
          .select()
          .from(automationDeliveries)
          .where(eq(automationDeliveries.automationId, automationId))
          .orderBy(automationDeliveries.seq)
      ).map((d) => ({ id: (d.envelope as { data: { id: string } }).data.id, status: d.status }));
    const [tracesBefore, scoresBefore] = [await appended("trace.created"), await appended("score.created")];

    await ingest(t.app, [
      ev("trace-create", { id: wanted, name: "wanted" }),
      ev("trace-create", { id: other, name: "other" }),
      ev("score-create", { id: "s-low-only", traceId: other, name: "q", value: 0.1 }),
      ev("score-create", { id: "s-high-none", traceId: other, name: "q", value: 0.9 }),
    ]);
    // Recorded with the rows, pending until attempted; no outbox event when no sink takes traces or scores.
    const pending = [await recorded(traces.id), await recorded(scores.id)];
    await t.relayAndDeliver();
    // A changed filter takes the next traces: the cached automations are read again after the write.
    const changed = await t.app.call("PUT", `/v1/automations/${traces.id}`, {
      body: {
        name: "wanted-traces",
        trigger: "trace.created",
        action: "webhook",
        target: `${t.hook.url}/hook`,
        filter: [{ column: "name", operator: "=", value: "later" }],
      },
    });
    await ingest(t.app, [ev("trace-create", { id: later, name: "later" })]);
    await t.relayAndDeliver();

    expect(changed.status).toBe(200);
    expect(pending).toEqual([[{ id: wanted, status: "pending" }], [{ id: "s-low-only", status: "pending" }]]);
    expect(await recorded(traces.id)).toEqual([
      { id: wanted, status: "succeeded" },
      { id: later, status: "succeeded" },
    ]);
    expect(await recorded(scores.id)).toEqual([{ id: "s-low-only", status: "succeeded" }]);
    expect(await appended("trace.created")).toEqual(tracesBefore);
    expect(await appended("score.created")).toEqual(scoresBefore);
    expect(t.hook.received.map((r) => JSON.parse(r.body).data.id).sort()).toEqual(["s-low-only", later, wanted].sort());
  });

  it("records no delivery for an automation disabled or deleted since the worker read it, and still writes the trace", async () => {
    const off = await t.saveWebhook({ name: "turned-off", trigger: "trace.created" });
    const gone = await t.saveWebhook({ name: "gone-meanwhile", trigger: "trace.created" });
    // The worker reads (and, on the embedded store, caches) both automations with a first trace.
    await ingest(t.app, [ev("trace-create", { id: crypto.randomUUID(), name: "first" })]);
    // Changed behind the API's back, so a cache the worker holds still lists both as enabled.
    await t.app.deps.db.update(automations).set({ enabled: false }).where(eq(automations.id, off.id));
    await t.app.deps.db.delete(automations).where(eq(automations.id, gone.id));
    const traceId = crypto.randomUUID();

    await ingest(t.app, [ev("trace-create", { id: traceId, name: "after" })]);

    expect((await t.app.call("GET", `/v1/traces/${traceId}`)).status).toBe(200);
    const recorded = (await t.app.deps.db.select().from(automationDeliveries)).filter(
      (d) => (d.envelope as { data: { id: string } }).data.id === traceId,
    );
    expect(recorded).toEqual([]);
  });

  it("attempts the deliveries the ingest worker recorded when its deliveries.due event arrives, as on AWS", async () => {
    // Whatever earlier tests left queued is written before the automation exists.
    await t.app.drainQueues();
    const { id } = await t.saveWebhook({ name: "due-on-lambda", trigger: "trace.created" });
    const { projectId } = (await t.app.deps.db.select().from(automations).where(eq(automations.id, id)))[0]!;
    const traceId = crypto.randomUUID();
    await ingest(t.app, [ev("trace-create", { id: traceId, name: "nudged" })]);
    const recorded = await t.deliveriesOf(id);
    const invoke = (detail: unknown) => t.invokeLambda("deliveries.due", detail);
    const nudge = {
      id: crypto.randomUUID(),
      type: "deliveries.due",
      projectId,
      timestamp: new Date(t.now).toISOString(),
      data: {},
    };

    const first = await invoke(nudge);
    const again = await invoke({ ...nudge, id: crypto.randomUUID() });

    expect(recorded).toEqual([expect.objectContaining({ status: "pending", attempts: 0, type: "trace.created" })]);
    expect(first).toEqual({ deliveries: 1 });
    expect(again).toEqual({ deliveries: 0 });
    expect(t.hook.received.map((r) => JSON.parse(r.body))).toEqual([
      {
        id: recorded[0].eventId,
        type: "trace.created",
        projectId,
        timestamp: expect.any(String),
        data: expect.objectContaining({ id: traceId, name: "nudged" }),
      },
    ]);
    expect(await t.deliveriesOf(id)).toEqual([expect.objectContaining({ status: "succeeded", attempts: 1 })]);
  });
});
