import * as Experiments from "@core/experiments";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Sightline } from "../../../sdk/typescript/src/index.js";
import { startTestApp, type TestApp } from "../../support/local-app";
import { experimentSetup, type Key, newProject, start } from "./support";

describe("experiments through the TypeScript SDK, and a lane the queue gives up on", () => {
  let app: TestApp;
  let key: Key & { id: string };
  let setup: Awaited<ReturnType<typeof experimentSetup>>;

  beforeAll(async () => {
    app = await startTestApp();
    key = await newProject(app);
    setup = await experimentSetup(app, key);
  });
  afterAll(() => app?.close());

  it("starts an experiment and waits for it, hearing its progress", async () => {
    const sl = new Sightline({
      baseUrl: app.url,
      publicKey: key.publicKey,
      secretKey: key.secretKey,
      flushOnExit: false,
    });
    const started = await sl.startExperiment(setup.name, {
      runName: "sdk",
      prompt: { name: setup.prompt },
      provider: "mock",
      model: "m",
      mapping: { question: "input.question" },
      evaluators: setup.evaluators,
    });
    const heard: string[] = [];
    let draining = true;
    const drain = (async () => {
      while (draining) {
        await app.drainQueues();
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    const ended = await sl.waitForExperiment(setup.name, "sdk", {
      intervalMs: 50,
      onProgress: (p) => heard.push(p.status),
    });
    draining = false;
    await drain;

    expect(started.experiment?.status).toBe("queued");
    expect(ended.experiment).toMatchObject({ status: "completed", done: 3 });
    expect(heard.at(-1)).toBe("completed");
  });

  it("fails the run with the reason when the queue gives up on a lane; the other lanes stop", async () => {
    const started = await start(app, key, setup.name, {
      runName: "given-up",
      prompt: { name: setup.prompt },
      provider: "mock",
      model: "m",
      mapping: { question: "input.question" },
    });
    const runId = (await app.deps.db.query.experimentRuns.findFirst({
      where: (r, { eq }) => eq(r.runName, "given-up"),
    }))!.runId;

    await Experiments.recordExperimentGivenUp(app.deps, {
      id: "m1",
      job: { projectId: key.id, runId, lane: 0 },
      error: "store unavailable",
      unrecoverable: false,
      attempts: 5,
    });
    await app.drainQueues();
    const run = await app.call("GET", `/v1/datasets/${setup.name}/runs/given-up`, { key });

    expect(started.status).toBe(202);
    expect(run.body.experiment).toMatchObject({
      status: "failed",
      error: "A lane of the run failed: store unavailable (after 5 attempts)",
      done: 0,
      pending: 0,
      cancelled: 3,
    });
  });
});
