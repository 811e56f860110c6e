import { randomUUID } from "node:crypto";
import { DeliveryOrder, handleIngestJobs, validateEvents } from "@core/ingest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { at, ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";

// Locally two ingest deliveries overlap in the worker (docs/ingest.md, "The local worker"): one that reads rows an
// earlier one writes waits for that one's inserts; one that reads none runs beside it.
describe("overlapping ingest deliveries", () => {
  let app: TestApp;
  let projectId: string;
  beforeAll(async () => {
    app = await startTestApp();
    projectId = (await app.call("GET", "/v1/projects")).body.data[0].id;
  });
  afterAll(() => app?.close());

  /** One delivery of one batch, as the queue edge hands it to the handler. */
  const delivery = (events: unknown[]) => {
    const receivedAt = new Date().toISOString();
    const { events: valid, rejected } = validateEvents(events);
    expect(rejected).toEqual([]);
    return [
      {
        id: randomUUID(),
        job: {
          projectId,
          blobKey: `test/${randomUUID()}`,
          receivedAt,
          batch: { projectId, receivedAt, events: valid },
        },
      },
    ];
  };
  const generationOf = async (traceId: string) =>
    (await app.call("GET", `/v1/traces/${traceId}`)).body.observations?.[0];

  it("applies an update that names no trace after the overlapping delivery that creates it: adopted and priced", async () => {
    const traceId = randomUUID();
    const genId = randomUUID();
    const order = new DeliveryOrder();
    const created = delivery([
      ev("trace-create", { id: traceId, name: "t", timestamp: at(0) }, at(0)),
      ev(
        "generation-create",
        { id: genId, traceId, name: "llm", startTime: at(0), model: "gpt-4o", input: "q" },
        at(0),
      ),
    ]);
    const updated = delivery([
      ev("generation-update", { id: genId, endTime: at(2000), usageDetails: { input: 1000, output: 100 } }, at(2000)),
    ]);
    // Started together: the second is handed over while the first is still being written.
    const failures = await Promise.all([
      handleIngestJobs(app.deps, created, undefined, order),
      handleIngestJobs(app.deps, updated, undefined, order),
    ]);
    expect(failures).toEqual([[], []]);

    const trace = (await app.call("GET", `/v1/traces/${traceId}`)).body;
    expect(trace.observations).toHaveLength(1);
    expect(trace.observations[0]).toMatchObject({
      id: genId,
      model: "gpt-4o",
      endTime: at(2000),
      latencyMs: 2000,
      usageDetails: { input: 1000, output: 100, total: 1100 },
    });
    expect(trace.observations[0].totalCost).toBeGreaterThan(0);
  });

  it("runs a delivery that reads nothing of earlier ones beside them, and holds one that does until they are in", async () => {
    const storedTrace = randomUUID();
    const storedGen = randomUUID();
    await ingest(app, [
      ev("trace-create", { id: storedTrace, name: "t", timestamp: at(0) }, at(0)),
      ev(
        "generation-create",
        { id: storedGen, traceId: storedTrace, name: "llm", startTime: at(0), model: "gpt-4o" },
        at(0),
      ),
    ]);
    const order = new DeliveryOrder();
    // An earlier delivery still writing its rows.
    const earlier = order.take();

    const ownTrace = randomUUID();
    const beside = handleIngestJobs(
      app.deps,
      delivery([
        ev("trace-create", { id: ownTrace, name: "own", timestamp: at(0) }, at(0)),
        ev("span-create", { id: randomUUID(), traceId: ownTrace, name: "s", startTime: at(0) }, at(0)),
      ]),
      undefined,
      order,
    );
    const waiting = handleIngestJobs(
      app.deps,
      delivery([ev("generation-update", { id: storedGen, usageDetails: { input: 10, output: 1 } }, at(1000))]),
      undefined,
      order,
    );
    let waitingDone = false;
    void waiting.then(() => (waitingDone = true));

    // The self-contained delivery's rows are readable while the earlier delivery still holds its turn.
    let readable = false;
    for (let i = 0; i < 200 && !readable; i++) {
      readable = (await app.call("GET", `/v1/traces/${ownTrace}`)).status === 200;
      if (!readable) await new Promise((r) => setTimeout(r, 25));
    }
    expect(readable).toBe(true);
    // The orphan update has not been applied: it waits for the earlier delivery's rows.
    expect(waitingDone).toBe(false);
    expect((await generationOf(storedTrace)).usageDetails ?? {}).not.toHaveProperty("input");

    earlier.release();
    expect(await Promise.all([beside, waiting])).toEqual([[], []]);
    expect(await generationOf(storedTrace)).toMatchObject({ usageDetails: { input: 10, output: 1, total: 11 } });
  });
});
