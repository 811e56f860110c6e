import { LangfuseClient } from "@langfuse/client";
import { Langfuse } from "langfuse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failure } from "../../support/langfuse-failure";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Key, newProject } from "../../support/projects";

const T0 = Date.parse("2026-03-01T10:00:00.000Z");
const at = (s: number) => new Date(T0 + s * 1000);
/** Past the offload threshold (256 KiB): stored in the blob store, read back whole. */
const BIG = "x".repeat(300 * 1024);

describe("Langfuse's v2 observations list (cursor, field groups) with @langfuse/client", () => {
  let app: TestApp;
  let key: Key & { id: string };
  let client: LangfuseClient;
  let legacy: Langfuse;
  const ids = { checkout: "", search: "", validate: "", llm: "", lookup: "", bigSpan: "" };
  type Query = NonNullable<Parameters<LangfuseClient["api"]["observations"]["getMany"]>[0]>;
  const list = (q: Query) => client.api.observations.getMany(q).then((p) => p.data.map((o) => o.id));

  beforeAll(async () => {
    app = await startTestApp();
    key = await newProject(app);
    client = new LangfuseClient({ publicKey: key.publicKey, secretKey: key.secretKey, baseUrl: app.url });
    legacy = new Langfuse({ publicKey: key.publicKey, secretKey: key.secretKey, baseUrl: app.url, flushAt: 100 });

    const checkout = legacy.trace({
      name: "checkout",
      userId: "u-1",
      sessionId: "s-1",
      tags: ["web", "prod"],
      release: "r1",
      timestamp: at(0),
    } as any);
    const validate = checkout.span({
      name: "validate",
      startTime: at(0),
      endTime: at(1),
      version: "v2",
      environment: "production",
    } as any);
    const llm = validate.generation({
      name: "llm",
      model: "gpt-4o-mini",
      modelParameters: { temperature: 0 },
      input: [{ role: "user", content: "pay?" }],
      output: "yes",
      metadata: { region: "eu" },
      usage: { input: 20, output: 5 },
      startTime: at(0.2),
      completionStartTime: at(0.5),
      endTime: at(0.8),
      level: "WARNING",
      statusMessage: "slow",
      environment: "production",
    } as any);
    const search = legacy.trace({ name: "search", userId: "u-2", sessionId: "s-2", timestamp: at(10) } as any);
    const lookup = search.span({ name: "lookup", startTime: at(10), endTime: at(11), environment: "staging" } as any);
    const big = legacy.trace({ name: "big", timestamp: at(20) } as any);
    const bigSpan = big.span({
      name: "bulk",
      input: BIG,
      metadata: { note: BIG },
      startTime: at(20),
      endTime: at(21),
    } as any);
    await legacy.flushAsync();
    await app.drainQueues();
    Object.assign(ids, {
      checkout: checkout.id,
      search: search.id,
      validate: validate.id,
      llm: llm.id,
      lookup: lookup.id,
      bigSpan: bigSpan.id,
    });
  });
  afterAll(async () => {
    await legacy?.shutdownAsync();
    await client?.shutdown();
    await app?.close();
  });

  describe("paging", () => {
    it("walks every observation newest start first by following meta.cursor", async () => {
      const seen: string[] = [];
      const cursors: (string | undefined)[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.api.observations.getMany({ limit: 2, cursor });
        seen.push(...page.data.map((o) => o.id));
        cursor = page.meta.cursor;
        cursors.push(cursor);
      } while (cursor);

      expect(seen).toEqual([ids.bigSpan, ids.lookup, ids.llm, ids.validate]);
      expect(cursors.map((c) => c !== undefined)).toEqual([true, false]);
    });

    it("answers an empty meta on the last page", async () => {
      const page = await client.api.observations.getMany({ limit: 10 });

      expect(page.data).toHaveLength(4);
      expect(page.meta).toEqual({});
    });

    it("serves the client's deprecated fetchObservations from the same list", async () => {
      const page = await client.fetchObservations({ traceId: ids.checkout });

      expect(page.data.map((o) => o.id)).toEqual([ids.llm, ids.validate]);
    });
  });

  describe("filters", () => {
    it("filters by trace, name, type and level", async () => {
      expect(await list({ traceId: ids.checkout })).toEqual([ids.llm, ids.validate]);
      expect(await list({ name: "lookup" })).toEqual([ids.lookup]);
      expect(await list({ type: "GENERATION" })).toEqual([ids.llm]);
      expect(await list({ level: "WARNING" })).toEqual([ids.llm]);
    });

    it("filters by the trace's user and session", async () => {
      expect(await list({ userId: "u-2" })).toEqual([ids.lookup]);
      expect(await list({ sessionId: "s-1" })).toEqual([ids.llm, ids.validate]);
    });

    it("filters by parent, version and environments", async () => {
      expect(await list({ parentObservationId: ids.validate })).toEqual([ids.llm]);
      expect(await list({ version: "v2" })).toEqual([ids.validate]);
      expect(await list({ environment: ["staging", "production"] })).toEqual([ids.lookup, ids.llm, ids.validate]);
    });

    it("filters by start time, from inclusive to exclusive", async () => {
      expect(await list({ fromStartTime: at(0.2).toISOString(), toStartTime: at(20).toISOString() })).toEqual([
        ids.lookup,
        ids.llm,
      ]);
    });

    it("keeps the filters across pages", async () => {
      const first = await client.api.observations.getMany({ traceId: ids.checkout, limit: 1 });
      const second = await client.api.observations.getMany({
        traceId: ids.checkout,
        limit: 1,
        cursor: first.meta.cursor,
      });

      expect([first.data[0]!.id, second.data[0]!.id, second.meta.cursor]).toEqual([ids.llm, ids.validate, undefined]);
    });
  });

  describe("field groups", () => {
    it("answers the core and basic groups by default, with the trace's user and session", async () => {
      const [o] = (await client.api.observations.getMany({ traceId: ids.checkout, type: "GENERATION" })).data;

      expect(o).toEqual({
        id: ids.llm,
        traceId: ids.checkout,
        startTime: at(0.2).toISOString(),
        endTime: at(0.8).toISOString(),
        projectId: key.id,
        parentObservationId: ids.validate,
        type: "GENERATION",
        modelId: null,
        inputPrice: null,
        outputPrice: null,
        totalPrice: null,
        isRootObservation: false,
        name: "llm",
        level: "WARNING",
        statusMessage: "slow",
        version: null,
        environment: "production",
        bookmarked: false,
        public: false,
        userId: "u-1",
        sessionId: "s-1",
      });
    });

    it("answers only the core fields and the groups named", async () => {
      const [o] = (
        await client.api.observations.getMany({
          traceId: ids.checkout,
          type: "GENERATION",
          fields: "core,model,prompt",
        })
      ).data;

      expect(o).toEqual({
        id: ids.llm,
        traceId: ids.checkout,
        startTime: at(0.2).toISOString(),
        endTime: at(0.8).toISOString(),
        projectId: key.id,
        parentObservationId: ids.validate,
        type: "GENERATION",
        modelId: null,
        inputPrice: null,
        outputPrice: null,
        totalPrice: null,
        providedModelName: "gpt-4o-mini",
        internalModelId: null,
        modelParameters: { temperature: 0 },
        promptId: null,
        promptName: null,
        promptVersion: null,
      });
    });

    it("gives input and output as raw strings and metadata whole with io and metadata", async () => {
      const [o] = (
        await client.api.observations.getMany({ traceId: ids.checkout, type: "GENERATION", fields: "io,metadata" })
      ).data;

      expect([o!.input, o!.output, o!.metadata]).toEqual([
        JSON.stringify([{ role: "user", content: "pay?" }]),
        "yes",
        { region: "eu" },
      ]);
    });

    it("reads offloaded bodies back whole", async () => {
      const [o] = (
        await client.api.observations.getMany({ name: "bulk", fields: "io,metadata", expandMetadata: "note" })
      ).data;

      expect([o!.input, (o!.metadata as { note: string }).note]).toEqual([BIG, BIG]);
    });

    it("gives usage, metrics, time and the trace's context when asked", async () => {
      const [o] = (
        await client.api.observations.getMany({
          traceId: ids.checkout,
          type: "GENERATION",
          fields: "usage,metrics,time,trace_context",
        })
      ).data;

      expect(o).toMatchObject({
        usageDetails: { input: 20, output: 5, total: 25 },
        totalCost: expect.any(Number),
        usagePricingTierName: null,
        latency: 0.6,
        timeToFirstToken: 0.3,
        completionStartTime: at(0.5).toISOString(),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        traceName: "checkout",
        tags: ["prod", "web"],
        release: "r1",
      });
      expect(o).not.toHaveProperty("name");
    });

    it("ignores a group it does not know, as Langfuse does", async () => {
      const [o] = (
        await client.api.observations.getMany({ traceId: ids.checkout, type: "GENERATION", fields: "core,sparkles" })
      ).data;

      expect(Object.keys(o!).sort()).toEqual([
        "endTime",
        "id",
        "inputPrice",
        "modelId",
        "outputPrice",
        "parentObservationId",
        "projectId",
        "startTime",
        "totalPrice",
        "traceId",
        "type",
      ]);
    });
  });

  describe("scope and bad input", () => {
    it("shows another project's key none of these observations", async () => {
      const other = await newProject(app);
      const res = await app.call("GET", `/api/public/v2/observations?traceId=${ids.checkout}`, { key: other });

      expect(res).toMatchObject({ status: 200, body: { data: [], meta: {} } });
    });

    it("refuses a cursor it did not make with Langfuse's error body", async () => {
      const refused = await failure(client.api.observations.getMany({ cursor: "bm90LWEtY3Vyc29y" }));

      expect(refused).toEqual({
        statusCode: 400,
        body: { message: "Invalid cursor", error: "InvalidRequestError", code: "invalid_input" },
      });
    });

    it("refuses a limit over 1000", async () => {
      const refused = await failure(client.api.observations.getMany({ limit: 1001 }));

      expect(refused).toMatchObject({
        statusCode: 400,
        body: {
          message: "Invalid query.limit: Too big: expected number to be <=1000",
          error: "InvalidRequestError",
          code: "invalid_input",
        },
      });
    });

    it("refuses parseIoAsJson=true as Langfuse does", async () => {
      const res = await app.call("GET", "/api/public/v2/observations?parseIoAsJson=true", { key });

      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        "Invalid query.parseIoAsJson: parseIoAsJson=true is not supported on the v2 observations list: input and output are returned as raw strings; leave it out or set it to false",
      );
    });

    it("refuses the filters it cannot honour exactly rather than ignore them", async () => {
      const root = await app.call("GET", "/api/public/v2/observations?isRootObservation=true", { key });
      const noParent = await app.call("GET", "/api/public/v2/observations?parentObservationId=", { key });
      const filter = await app.call(
        "GET",
        `/api/public/v2/observations?filter=${encodeURIComponent(
          JSON.stringify([{ type: "stringObject", column: "metadata", key: "k", operator: "=", value: "v" }]),
        )}`,
        { key },
      );

      expect([root.status, root.body.message]).toEqual([
        400,
        "Invalid query.isRootObservation: isRootObservation is not supported here; filter by parentObservationId or traceId",
      ]);
      expect([noParent.status, noParent.body.message]).toEqual([
        400,
        "Invalid query.parentObservationId: an empty parentObservationId (observations without a parent) is not supported here",
      ]);
      expect([filter.status, filter.body.message]).toEqual([
        400,
        "Invalid query.filter.0.column: column 'metadata' is not supported here; supported: id, type, name, traceId, startTime, endTime, environment, level, statusMessage, version, model, promptName, promptVersion, latency, timeToFirstToken, inputTokens, outputTokens, totalTokens, totalCost",
      ]);
    });
  });
});
