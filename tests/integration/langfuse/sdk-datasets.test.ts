import { LangfuseClient } from "@langfuse/client";
import { LangfuseSpanProcessor } from "@langfuse/otel";
import { setLangfuseTracerProvider } from "@langfuse/tracing";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { Langfuse } from "langfuse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { releaseOtelGlobals } from "../../support/otel-globals";
import { newProject } from "../../support/projects";

type Key = Awaited<ReturnType<typeof newProject>>;

/** The Langfuse JS clients, unchanged but for their base URL and keys, on datasets, experiments and prompt writes. */
describe("Langfuse SDKs on datasets, experiments and prompts", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** @langfuse/client with tracing set up as Langfuse's docs do it: a LangfuseSpanProcessor on the global provider. */
  async function withV5<T>(key: Key, use: (langfuse: LangfuseClient) => Promise<T>): Promise<T> {
    const processor = new LangfuseSpanProcessor({
      publicKey: key.publicKey,
      secretKey: key.secretKey,
      baseUrl: app.url,
      flushAt: 1,
    });
    const provider = new NodeTracerProvider({ spanProcessors: [processor] });
    provider.register();
    setLangfuseTracerProvider(provider);
    const langfuse = new LangfuseClient({ publicKey: key.publicKey, secretKey: key.secretKey, baseUrl: app.url });
    // The client reads its project id from GET /api/public/projects (the reads family) to build run URLs; given here.
    (langfuse as unknown as { projectId: string }).projectId = key.id;
    try {
      return await use(langfuse);
    } finally {
      await langfuse.shutdown();
      await processor.forceFlush();
      await provider.shutdown();
      setLangfuseTracerProvider(null);
      // Each call registers its own provider: release the last one (tests/support/otel-globals.ts).
      releaseOtelGlobals();
    }
  }

  it("@langfuse/client: creates a dataset and upserts items, then fetches it whole page by page", async () => {
    const key = await newProject(app);

    const dataset = await withV5(key, async (langfuse) => {
      await langfuse.api.datasets.create({ name: "qa", description: "arithmetic", metadata: { owner: "ada" } });
      await langfuse.dataset.createItem({
        datasetName: "qa",
        id: "q1",
        input: { question: "2+2?" },
        expectedOutput: "5",
      });
      await langfuse.dataset.createItem({
        datasetName: "qa",
        id: "q2",
        input: { question: "3+3?" },
        expectedOutput: "6",
      });
      await langfuse.dataset.createItem({
        datasetName: "qa",
        id: "q1",
        input: { question: "2+2?" },
        expectedOutput: "4",
      });
      return langfuse.dataset.get("qa", { fetchItemsPageSize: 1 });
    });

    expect(dataset).toMatchObject({
      name: "qa",
      description: "arithmetic",
      metadata: { owner: "ada" },
      projectId: key.id,
    });
    expect(dataset.items.map((i) => [i.id, i.expectedOutput, i.status])).toEqual([
      ["q1", "4", "ACTIVE"],
      ["q2", "6", "ACTIVE"],
    ]);
  });

  it("@langfuse/client: the SDK's own experiment runner records run items and scores, read back on both APIs", async () => {
    const key = await newProject(app);

    const result = await withV5(key, async (langfuse) => {
      await langfuse.api.datasets.create({ name: "qa" });
      await langfuse.dataset.createItem({
        datasetName: "qa",
        id: "q1",
        input: { question: "2+2?" },
        expectedOutput: "4",
      });
      await langfuse.dataset.createItem({
        datasetName: "qa",
        id: "q2",
        input: { question: "3+3?" },
        expectedOutput: "6",
      });
      const dataset = await langfuse.dataset.get("qa");
      return dataset.runExperiment({
        name: "arithmetic",
        description: "first try",
        task: async (item) => ((item.input as { question: string }).question === "2+2?" ? "4" : "7"),
        evaluators: [
          async ({ output, expectedOutput }) => ({ name: "exact", value: output === expectedOutput ? 1 : 0 }),
        ],
      });
    });
    await app.drainQueues();
    const run = await app.call("GET", `/api/public/datasets/qa/runs/${encodeURIComponent(result.runName)}`, { key });
    const ours = await app.call("GET", `/v1/datasets/qa/runs/${encodeURIComponent(result.runName)}`, { key });
    const compared = await app.call("GET", `/v1/datasets/qa/compare?runs=${encodeURIComponent(result.runName)}`, {
      key,
    });

    expect(result.runName).toMatch(/^arithmetic - \d{4}-/);
    expect(result.datasetRunId).toBe(run.body.id);
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ name: result.runName, description: "first try", datasetName: "qa" });
    expect(run.body.datasetRunItems.map((i: { datasetItemId: string }) => i.datasetItemId).sort()).toEqual([
      "q1",
      "q2",
    ]);
    expect(ours.body.scores).toEqual([{ name: "exact", mean: 0.5, count: 2 }]);
    expect(compared.body.runs).toEqual([
      expect.objectContaining({ name: result.runName, itemCount: 2, scores: [{ name: "exact", mean: 0.5, count: 2 }] }),
    ]);
    expect(
      compared.body.items.map((i: { id: string; runs: { scores: Record<string, number> }[] }) => [
        i.id,
        i.runs[0]?.scores.exact,
      ]),
    ).toEqual([
      ["q1", 1],
      ["q2", 0],
    ]);
  });

  it("@langfuse/client: creates a prompt from code, moves a label with prompt.update, and prompt.get sees the move", async () => {
    const key = await newProject(app);

    const [before, after, listed] = await withV5(key, async (langfuse) => {
      await langfuse.prompt.create({
        name: "greeting",
        prompt: "Hello {{name}}",
        labels: ["production"],
        config: { temperature: 0 },
      });
      await langfuse.prompt.create({
        name: "greeting",
        prompt: "Hi {{name}}!",
        labels: ["staging"],
        commitMessage: "shorter",
      });
      const first = await langfuse.prompt.get("greeting", { cacheTtlSeconds: 0 });
      await langfuse.prompt.update({ name: "greeting", version: 2, newLabels: ["production"] });
      const second = await langfuse.prompt.get("greeting", { label: "production", cacheTtlSeconds: 0 });
      return [first, second, await langfuse.api.prompts.list({ name: "greeting" })] as const;
    });

    expect([before.version, before.compile({ name: "Ada" })]).toEqual([1, "Hello Ada"]);
    expect([after.version, after.compile({ name: "Ada" })]).toEqual([2, "Hi Ada!"]);
    expect(after.labels).toEqual(["latest", "production", "staging"]);
    expect(listed.data).toEqual([
      {
        name: "greeting",
        type: "text",
        versions: [1, 2],
        labels: ["latest", "production", "staging"],
        tags: [],
        lastUpdatedAt: expect.any(String),
        lastConfig: {},
      },
    ]);
    expect(listed.meta).toEqual({ page: 1, limit: 50, totalItems: 1, totalPages: 1 });
  });

  it("legacy langfuse v3: createDataset, createDatasetItem, getDataset and item.link record a run", async () => {
    const key = await newProject(app);
    const langfuse = new Langfuse({ publicKey: key.publicKey, secretKey: key.secretKey, baseUrl: app.url });

    await langfuse.createDataset({ name: "qa", description: "legacy" });
    await langfuse.createDatasetItem({ datasetName: "qa", id: "q1", input: "2+2?", expectedOutput: "4" });
    const dataset = await langfuse.getDataset("qa");
    const trace = langfuse.trace({ name: "legacy-run", input: dataset.items[0]!.input });
    trace.update({ output: "4" });
    await dataset.items[0]!.link(trace, "legacy-run", { description: "v3" });
    const run = await langfuse.getDatasetRun({ datasetName: "qa", runName: "legacy-run" });
    await langfuse.shutdownAsync();

    expect(dataset).toMatchObject({ name: "qa", description: "legacy" });
    expect(dataset.items.map((i) => i.id)).toEqual(["q1"]);
    expect(run).toMatchObject({ name: "legacy-run", description: "v3", datasetName: "qa" });
    expect(run.datasetRunItems).toEqual([
      expect.objectContaining({ datasetItemId: "q1", traceId: trace.id, observationId: null }),
    ]);
  });

  it("legacy langfuse v3: createPrompt and updatePrompt move a label that getPrompt then follows", async () => {
    const key = await newProject(app);
    const langfuse = new Langfuse({ publicKey: key.publicKey, secretKey: key.secretKey, baseUrl: app.url });

    await langfuse.createPrompt({
      name: "summary",
      type: "chat",
      prompt: [{ role: "system", content: "Summarise {{topic}}" }],
      labels: ["production"],
    });
    await langfuse.createPrompt({
      name: "summary",
      type: "chat",
      prompt: [{ role: "system", content: "Briefly summarise {{topic}}" }],
      labels: [],
    });
    await langfuse.updatePrompt({ name: "summary", version: 2, newLabels: ["production"] });
    const prompt = await langfuse.getPrompt("summary", undefined, { type: "chat", cacheTtlSeconds: 0 });
    await langfuse.shutdownAsync();

    expect(prompt.version).toBe(2);
    expect(prompt.compile({ topic: "logs" })).toEqual([{ role: "system", content: "Briefly summarise logs" }]);
  });

  it("@langfuse/client: an unknown dataset surfaces as the client's not-found error", async () => {
    const key = await newProject(app);

    const failure = await withV5(key, (langfuse) => langfuse.dataset.get("nope").catch((e: unknown) => e));

    expect(failure).toMatchObject({
      statusCode: 404,
      body: { message: "dataset 'nope' not found", error: "LangfuseNotFoundError" },
    });
  });
});
