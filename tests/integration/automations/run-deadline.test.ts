import { automationDeliveries } from "@core/automations/automations.sql";
import { lambdaContext } from "@functions/local/lambda-context";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { automationsApp } from "../../support/automations-app";
import { ev, ingest } from "../../support/ingest";

/**
 * A run of deliveries stops starting attempts before its function's time limit: what it attempted is recorded,
 * what it did not is given back, due at once (docs/automations.md, "Deliveries and retries").
 */
describe("a run of deliveries under a function's time limit", () => {
  const t = automationsApp();

  /** 40 traces ingested with a webhook on trace.created: 40 deliveries recorded, due now. */
  async function fortyDue(name: string) {
    await t.app.drainQueues();
    const { id } = await t.saveWebhook({ name, trigger: "trace.created" });
    await ingest(
      t.app,
      Array.from({ length: 40 }, (_, i) => ev("trace-create", { id: crypto.randomUUID(), name: `${name}-${i}` })),
    );
    const recorded = await t.app.deps.db
      .select()
      .from(automationDeliveries)
      .where(eq(automationDeliveries.automationId, id));
    expect(recorded.map((d) => [d.status, d.attempts])).toEqual(Array(40).fill(["pending", 0]));
    return {
      id,
      rows: () => t.app.deps.db.select().from(automationDeliveries).where(eq(automationDeliveries.automationId, id)),
    };
  }

  it("schedule: with a second left, attempts one round of 16 and gives the other 24 back for the next run", async () => {
    const { rows } = await fortyDue("deadline-schedule");
    const { handler } = await import("@functions/cron/deliver-automations");
    const invoke = (timeoutSeconds: number) =>
      handler({ source: "aws.events" } as never, lambdaContext("deliver-automations", timeoutSeconds));

    const short = await invoke(1);
    const afterShort = await rows();
    const rest = await invoke(60);

    expect(short).toEqual({ attempted: 16, succeeded: 16, failed: 0, more: true });
    expect(afterShort.filter((d) => d.status === "succeeded")).toHaveLength(16);
    const givenBack = afterShort.filter((d) => d.status === "pending");
    expect(givenBack).toHaveLength(24);
    // Given back as they were: not attempted, no lease, due now.
    for (const d of givenBack) {
      expect(d.attempts).toBe(0);
      expect(d.leasedUntil).toBeNull();
      expect(d.nextAttemptAt!.getTime()).toBeLessThanOrEqual(t.now);
    }
    expect(rest).toEqual({ attempted: 24, succeeded: 24, failed: 0, more: false });
    expect((await rows()).map((d) => [d.status, d.attempts])).toEqual(Array(40).fill(["succeeded", 1]));
    // Every trace's event arrived once.
    const ids = t.hook.received.map((r) => JSON.parse(r.body).id as string);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
  });

  it("AWS consumer: a deliveries.due event with a second left attempts one round, the next event the rest", async () => {
    const { id, rows } = await fortyDue("deadline-consumer");
    const [row] = await t.app.deps.db
      .select({ projectId: automationDeliveries.projectId })
      .from(automationDeliveries)
      .where(eq(automationDeliveries.automationId, id))
      .limit(1);
    const projectId = row!.projectId;
    const nudge = () => ({
      id: crypto.randomUUID(),
      type: "deliveries.due",
      projectId,
      timestamp: new Date(t.now).toISOString(),
      data: {},
    });

    const short = await t.invokeLambda("deliveries.due", nudge(), 1);
    const rest = await t.invokeLambda("deliveries.due", nudge());

    expect(short).toEqual({ deliveries: 16 });
    expect(rest).toEqual({ deliveries: 24 });
    expect((await rows()).every((d) => d.status === "succeeded" && d.attempts === 1)).toBe(true);
    expect(new Set(t.hook.received.map((r) => JSON.parse(r.body).id)).size).toBe(40);
  });
});
