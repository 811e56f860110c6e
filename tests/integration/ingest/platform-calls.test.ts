import * as Ingest from "@core/ingest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";

// The platform's own model calls become traces of the project in the reserved environment (docs/ingest.md).
let app: TestApp;
let projectId: string;

beforeAll(async () => {
  app = await startTestApp();
  projectId = (await app.call("GET", "/v1/projects")).body.data[0].id;
});
afterAll(() => app.close());

const call = (over: Partial<Ingest.ModelCall> = {}): Ingest.ModelCall => ({
  source: "playground",
  name: "playground",
  provider: "openai",
  model: "gpt-4o-mini",
  input: [{ role: "user", content: "Say hi" }],
  output: { role: "assistant", content: "hi" },
  modelParameters: { temperature: 0.2 },
  usage: { input: 1000, output: 500 },
  startTime: new Date("2026-11-27T10:00:00.000Z"),
  endTime: new Date("2026-11-27T10:00:01.250Z"),
  ...over,
});

describe("recording the platform's model calls", () => {
  it("stores a trace in the reserved environment with one priced generation", async () => {
    const [traceId] = await Ingest.recordModelCalls(app.deps, { projectId }, [call()]);
    await app.drainQueues();
    const { status, body } = await app.call("GET", `/v1/traces/${traceId}`);
    expect(status).toBe(200);
    expect(body.environment).toBe(Ingest.PLATFORM_ENVIRONMENT);
    expect(body.tags).toEqual(["sightline:playground"]);
    expect(body.observations).toHaveLength(1);
    const generation = body.observations[0];
    expect(generation).toMatchObject({
      type: "GENERATION",
      model: "gpt-4o-mini",
      name: "openai/gpt-4o-mini",
      level: "DEFAULT",
    });
    // Priced by the worker from the built-in registry, like any generation.
    expect(generation.totalCost).toBeGreaterThan(0);
  });

  it("records a failed call with the provider's message at level ERROR", async () => {
    const [traceId] = await Ingest.recordModelCalls(app.deps, { projectId }, [
      call({
        source: "judge",
        name: "judge helpfulness",
        output: null,
        usage: { input: 0, output: 0 },
        error: "model not found",
      }),
    ]);
    await app.drainQueues();
    const { body } = await app.call("GET", `/v1/traces/${traceId}`);
    expect(body.tags).toEqual(["sightline:judge"]);
    expect(body.observations[0]).toMatchObject({ level: "ERROR", statusMessage: "model not found" });
  });

  it("keeps the caller's trace id, so a run item can point at it", async () => {
    const [traceId] = await Ingest.recordModelCalls(app.deps, { projectId }, [
      call({ source: "experiment", traceId: "exp-item-1" }),
    ]);
    expect(traceId).toBe("exp-item-1");
    await app.drainQueues();
    expect((await app.call("GET", "/v1/traces/exp-item-1")).status).toBe(200);
  });
});

describe("metrics and the platform's own calls", () => {
  it("leaves them out unless environment=sightline selects them", async () => {
    const day = { from: "2026-11-25T00:00:00.000Z", to: "2026-11-26T00:00:00.000Z" };
    const startTime = new Date("2026-11-25T12:00:00.000Z");
    await Ingest.recordModelCalls(app.deps, { projectId }, [
      call({ startTime, endTime: new Date(startTime.getTime() + 400) }),
    ]);
    await app.call("POST", "/v1/ingest", {
      body: {
        batch: [
          {
            id: "app-1",
            type: "generation-create",
            timestamp: startTime.toISOString(),
            body: {
              id: "app-gen",
              traceId: "app-trace",
              model: "gpt-4o-mini",
              startTime: startTime.toISOString(),
              endTime: new Date(startTime.getTime() + 900).toISOString(),
              usageDetails: { input: 10, output: 5 },
            },
          },
        ],
      },
    });
    await app.drainQueues();
    const query = (extra: string) =>
      app.call("GET", `/v1/metrics?from=${day.from}&to=${day.to}${extra}`).then((r) => r.body.data);
    expect(await query("")).toMatchObject([{ traces: 1, observations: 1, latencyP50Ms: 900 }]);
    expect(await query("&groupBy=environment")).toMatchObject([{ environment: "default", traces: 1 }]);
    expect(await query("&environment=sightline")).toMatchObject([{ traces: 1, observations: 1, latencyP50Ms: 400 }]);
  });
});

describe("sampling and the platform's own calls", () => {
  it("never drops them, whatever the project's head rate", async () => {
    expect((await app.call("PUT", "/v1/ingest/sampling", { body: { headRate: 0 } })).status).toBe(200);
    try {
      const [traceId] = await Ingest.recordModelCalls(app.deps, { projectId }, [call({ source: "experiment" })]);
      await app.call("POST", "/v1/ingest", {
        body: {
          batch: [
            {
              id: "sampled-out",
              type: "trace-create",
              timestamp: new Date().toISOString(),
              body: { id: "app-sampled-out" },
            },
          ],
        },
      });
      await app.drainQueues();
      expect((await app.call("GET", `/v1/traces/${traceId}`)).status).toBe(200);
      expect((await app.call("GET", "/v1/traces/app-sampled-out")).status).toBe(404);
    } finally {
      await app.call("PUT", "/v1/ingest/sampling", { body: { headRate: 1 } });
    }
  });
});
