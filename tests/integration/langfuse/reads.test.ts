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

describe("Langfuse read API with the real Langfuse clients", () => {
  let app: TestApp;
  let key: Key & { id: string };
  let client: LangfuseClient;
  let legacy: Langfuse;
  const ids = { checkout: "", search: "", big: "", generation: "", span: "", score: "" };

  beforeAll(async () => {
    app = await startTestApp();
    key = await newProject(app);
    client = new LangfuseClient({ publicKey: key.publicKey, secretKey: key.secretKey, baseUrl: app.url });
    legacy = new Langfuse({ publicKey: key.publicKey, secretKey: key.secretKey, baseUrl: app.url, flushAt: 100 });

    // Written through the legacy SDK's own tracing (its ingestion batches), then read back through both clients.
    const checkout = legacy.trace({
      name: "checkout",
      userId: "u-1",
      sessionId: "s-1",
      tags: ["prod", "web"],
      release: "r1",
      version: "v1",
      environment: "production",
      input: { cart: 3 },
      output: "paid",
      metadata: { region: "eu" },
      timestamp: at(0),
    } as any);
    const span = checkout.span({ name: "validate", startTime: at(0), endTime: at(1) });
    const generation = span.generation({
      name: "llm",
      model: "gpt-4o-mini",
      input: [{ role: "user", content: "pay?" }],
      output: "yes",
      usage: { input: 20, output: 5 },
      startTime: at(0.2),
      completionStartTime: at(0.5),
      endTime: at(0.8),
      level: "WARNING",
      statusMessage: "slow",
    } as any);
    const score = checkout.score({ name: "helpful", value: 1 } as any);
    const search = legacy.trace({
      name: "search",
      userId: "u-2",
      sessionId: "s-1",
      tags: ["prod"],
      environment: "staging",
      input: "q",
      timestamp: at(10),
    } as any);
    const big = legacy.trace({ name: "big", sessionId: "s-2", input: BIG, timestamp: at(20) } as any);
    await legacy.flushAsync();
    await app.drainQueues();
    Object.assign(ids, {
      checkout: checkout.id,
      search: search.id,
      big: big.id,
      generation: generation.id,
      span: span.id,
      score: (score as any).id ?? "",
    });
  });
  afterAll(async () => {
    await legacy?.shutdownAsync();
    await client?.shutdown();
    await app?.close();
  });

  describe("health and projects", () => {
    it("answers health without credentials", async () => {
      const res = await app.call("GET", "/api/public/health", { key: null });

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: "OK", version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    });

    it("answers health to the SDK's own call", async () => {
      expect(await client.api.health.health()).toMatchObject({ status: "OK" });
    });

    it("names the key's project and its organization", async () => {
      const projects = await client.api.projects.get();

      expect(projects.data).toEqual([
        {
          id: key.id,
          name: expect.stringMatching(/^p-/),
          organization: { id: expect.any(String), name: expect.any(String) },
          metadata: {},
        },
      ]);
    });

    it("gives the project's retention once one is set", async () => {
      expect((await app.call("POST", "/v1/retention", { key, body: { maxAgeDays: 30 } })).status).toBe(200);

      const projects = await client.api.projects.get();

      expect(projects.data[0]!.retentionDays).toBe(30);
      await app.call("POST", "/v1/retention", { key, body: { maxAgeDays: 0 } });
    });
  });

  describe("traces", () => {
    it("lists the project's traces newest first with Langfuse's page meta", async () => {
      const page = await client.api.trace.list();

      expect(page.data.map((t) => t.name)).toEqual(["big", "search", "checkout"]);
      expect(page.meta).toEqual({ page: 1, limit: 50, totalItems: 3, totalPages: 1 });
    });

    it("gives each listed trace Langfuse's fields: bodies, html path, latency in seconds, observation and score ids", async () => {
      const page = await client.api.trace.list({ name: "checkout" });

      expect(page.data).toEqual([
        expect.objectContaining({
          id: ids.checkout,
          timestamp: "2026-03-01T10:00:00.000Z",
          name: "checkout",
          userId: "u-1",
          sessionId: "s-1",
          release: "r1",
          version: "v1",
          environment: "production",
          tags: ["prod", "web"],
          public: false,
          input: { cart: 3 },
          output: "paid",
          metadata: { region: "eu" },
          htmlPath: `/traces/${ids.checkout}`,
          latency: 1,
          observations: [ids.span, ids.generation],
          scores: [expect.any(String)],
        }),
      ]);
      expect(page.data[0]!.totalCost).toBeGreaterThan(0);
    });

    it("filters by user, session, release, version and time", async () => {
      const byUser = await client.api.trace.list({ userId: "u-2" });
      const bySession = await client.api.trace.list({ sessionId: "s-1" });
      const byRelease = await client.api.trace.list({ release: "r1", version: "v1" });
      const inWindow = await client.api.trace.list({
        fromTimestamp: at(5).toISOString(),
        toTimestamp: at(20).toISOString(),
      });

      expect(byUser.data.map((t) => t.name)).toEqual(["search"]);
      expect(bySession.data.map((t) => t.name)).toEqual(["search", "checkout"]);
      expect(byRelease.data.map((t) => t.name)).toEqual(["checkout"]);
      expect(inWindow.data.map((t) => t.name)).toEqual(["search"]);
      expect(inWindow.meta.totalItems).toBe(1);
    });

    it("matches traces carrying all of the tags given, and any of the environments given", async () => {
      const both = await client.api.trace.list({ tags: ["prod", "web"] });
      const one = await client.api.trace.list({ tags: "prod" });
      const envs = await client.api.trace.list({ environment: ["production", "staging"] });

      expect(both.data.map((t) => t.name)).toEqual(["checkout"]);
      expect(one.data.map((t) => t.name)).toEqual(["search", "checkout"]);
      expect(envs.data.map((t) => t.name)).toEqual(["search", "checkout"]);
    });

    it("orders by `<column>.<direction>`", async () => {
      const oldest = await client.api.trace.list({ orderBy: "timestamp.asc" });
      const byName = await client.api.trace.list({ orderBy: "name.desc" });

      expect(oldest.data.map((t) => t.name)).toEqual(["checkout", "search", "big"]);
      expect(byName.data.map((t) => t.name)).toEqual(["search", "checkout", "big"]);
    });

    it("pages by number, and a page past the end is empty with the true meta", async () => {
      const second = await client.api.trace.list({ page: 2, limit: 2 });
      const past = await client.api.trace.list({ page: 5, limit: 2 });

      expect(second.data.map((t) => t.name)).toEqual(["checkout"]);
      expect(second.meta).toEqual({ page: 2, limit: 2, totalItems: 3, totalPages: 2 });
      expect(past).toEqual({ data: [], meta: { page: 5, limit: 2, totalItems: 3, totalPages: 2 } });
    });

    it("leaves out the field groups `fields` does not name", async () => {
      const page = await client.api.trace.list({ name: "checkout", fields: "core" });

      expect(page.data[0]).toMatchObject({
        input: null,
        output: null,
        metadata: null,
        observations: [],
        scores: [],
        latency: -1,
        totalCost: -1,
      });
    });

    it("reads a trace with its observations and scores whole", async () => {
      const trace = await client.api.trace.get(ids.checkout);

      expect(trace).toMatchObject({
        id: ids.checkout,
        name: "checkout",
        input: { cart: 3 },
        htmlPath: `/traces/${ids.checkout}`,
        latency: 1,
      });
      expect(trace.observations.map((o) => [o.id, o.type])).toEqual([
        [ids.span, "SPAN"],
        [ids.generation, "GENERATION"],
      ]);
      expect(trace.observations[1]).toMatchObject({
        parentObservationId: ids.span,
        model: "gpt-4o-mini",
        output: "yes",
        level: "WARNING",
        statusMessage: "slow",
        usage: { unit: "TOKENS", input: 20, output: 5, total: 25 },
        usageDetails: { input: 20, output: 5, total: 25 },
        latency: 0.6,
        timeToFirstToken: 0.3,
        completionStartTime: "2026-03-01T10:00:00.500Z",
      });
      expect(trace.observations[1]!.calculatedTotalCost).toBeGreaterThan(0);
      expect(trace.scores).toEqual([
        expect.objectContaining({
          traceId: ids.checkout,
          name: "helpful",
          value: 1,
          dataType: "NUMERIC",
          source: "API",
        }),
      ]);
    });

    it("gives an offloaded body back whole", async () => {
      const [listed] = (await client.api.trace.list({ name: "big" })).data;
      const read = await client.api.trace.get(ids.big);

      expect((listed!.input as string).length).toBe(BIG.length);
      expect(read.input).toBe(BIG);
    });

    it("reads through the legacy client's fetch methods", async () => {
      const listed = await legacy.fetchTraces({ userId: "u-1" });
      const read = await legacy.fetchTrace(ids.checkout);

      expect(listed.data.map((t) => t.id)).toEqual([ids.checkout]);
      expect(listed.meta).toEqual({ page: 1, limit: 50, totalItems: 1, totalPages: 1 });
      expect(read.data.observations).toHaveLength(2);
    });
  });

  describe("observations", () => {
    it("lists a trace's observations newest start first, whole, with the page meta", async () => {
      const page = await client.api.legacy.observationsV1.getMany({ traceId: ids.checkout });

      expect(page.data.map((o) => o.id)).toEqual([ids.generation, ids.span]);
      expect(page.data[0]).toMatchObject({
        type: "GENERATION",
        input: [{ role: "user", content: "pay?" }],
        projectId: key.id,
      });
      expect(page.meta).toEqual({ page: 1, limit: 50, totalItems: 2, totalPages: 1 });
    });

    it("filters by type, name, level, parent, user and start time", async () => {
      const list = (q: Parameters<typeof client.api.legacy.observationsV1.getMany>[0]) =>
        client.api.legacy.observationsV1.getMany(q).then((p) => p.data.map((o) => o.id));

      expect(await list({ type: "GENERATION" })).toEqual([ids.generation]);
      expect(await list({ name: "validate" })).toEqual([ids.span]);
      expect(await list({ level: "WARNING" })).toEqual([ids.generation]);
      expect(await list({ parentObservationId: ids.span })).toEqual([ids.generation]);
      expect(await list({ userId: "u-2" })).toEqual([]);
      expect(await list({ fromStartTime: at(0.1).toISOString() })).toEqual([ids.generation]);
    });

    it("reads one observation by id", async () => {
      const o = await client.api.legacy.observationsV1.get(ids.generation);

      expect(o).toMatchObject({
        id: ids.generation,
        traceId: ids.checkout,
        type: "GENERATION",
        model: "gpt-4o-mini",
        promptTokens: 20,
        completionTokens: 5,
      });
    });

    it("reads through the legacy client's fetch methods", async () => {
      const listed = await legacy.fetchObservations({ traceId: ids.checkout, type: "SPAN" } as any);
      const read = await legacy.fetchObservation(ids.span);

      expect(listed.data.map((o) => o.id)).toEqual([ids.span]);
      expect(read.data).toMatchObject({ id: ids.span, name: "validate" });
    });
  });

  describe("sessions", () => {
    it("lists sessions, most recently active first, with the page meta", async () => {
      const page = await client.api.sessions.list();

      expect(page.data).toEqual([
        { id: "s-2", createdAt: "2026-03-01T10:00:20.000Z", projectId: key.id, environment: "default" },
        { id: "s-1", createdAt: "2026-03-01T10:00:00.000Z", projectId: key.id, environment: "production" },
      ]);
      expect(page.meta).toEqual({ page: 1, limit: 50, totalItems: 2, totalPages: 1 });
    });

    it("filters sessions by environment and pages past the end", async () => {
      const staging = await client.api.sessions.list({ environment: "staging" });
      const past = await client.api.sessions.list({ page: 3, limit: 1 });

      expect(staging.data.map((s) => s.id)).toEqual(["s-1"]);
      expect(past).toEqual({ data: [], meta: { page: 3, limit: 1, totalItems: 2, totalPages: 2 } });
    });

    it("reads a session with its traces, bodies included", async () => {
      const session = await client.api.sessions.get("s-1");

      expect(session).toMatchObject({ id: "s-1", projectId: key.id });
      expect(session.traces.map((t) => [t.name, t.input])).toEqual([
        ["checkout", { cart: 3 }],
        ["search", "q"],
      ]);
    });

    it("reads through the legacy client's fetchSessions", async () => {
      const page = await legacy.fetchSessions({ limit: 1 });

      expect(page.data.map((s) => s.id)).toEqual(["s-2"]);
      expect(page.meta).toEqual({ page: 1, limit: 1, totalItems: 2, totalPages: 2 });
    });
  });

  describe("bad input", () => {
    it("refuses page=0 with Langfuse's error body", async () => {
      const res = await app.call("GET", "/api/public/traces?page=0", { key });

      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        message: "Invalid query.page: Too small: expected number to be >=1",
        error: "InvalidRequestError",
        code: "invalid_input",
      });
    });

    it("refuses limit=101 on every list", async () => {
      for (const path of ["/api/public/traces", "/api/public/observations", "/api/public/sessions"]) {
        const res = await app.call("GET", `${path}?limit=101`, { key });

        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          message: "Invalid query.limit: Too big: expected number to be <=100",
          error: "InvalidRequestError",
        });
      }
    });

    it("refuses an order on a column it cannot sort by", async () => {
      const res = await app.call("GET", "/api/public/traces?orderBy=bookmarked.asc", { key });

      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        "Invalid query.orderBy: expected <column>.<asc|desc> with column one of id, timestamp, name, userId, sessionId, environment, release, version",
      );
    });

    it("translates Langfuse's filter conditions on the columns we filter on, with the other parameters", async () => {
      const filter = (conditions: unknown[]) => JSON.stringify(conditions);
      const tagged = await client.api.trace.list({
        filter: filter([
          { type: "arrayOptions", column: "tags", operator: "all of", value: ["prod", "web"] },
          { type: "datetime", column: "timestamp", operator: ">=", value: at(0).toISOString() },
        ]),
      });
      const notWeb = await client.api.trace.list({
        filter: filter([{ type: "arrayOptions", column: "tags", operator: "none of", value: ["web"] }]),
        sessionId: "s-1",
      });
      const named = await client.api.trace.list({
        filter: filter([
          { type: "stringOptions", column: "name", operator: "any of", value: ["search", "big"] },
          { type: "string", column: "userId", operator: "contains", value: "u-" },
        ]),
      });
      const slow = await client.api.legacy.observationsV1.getMany({
        filter: filter([{ type: "number", column: "latency", operator: ">", value: 0.7 }]),
      });

      expect(tagged.data.map((t) => t.name)).toEqual(["checkout"]);
      expect(notWeb.data.map((t) => t.name)).toEqual(["search"]);
      expect(named.data.map((t) => t.name)).toEqual(["search"]);
      expect(slow.data.map((o) => o.id)).toEqual([ids.span]);
    });

    it("refuses the parts of Langfuse's filter it cannot translate, naming them", async () => {
      const get = (conditions: unknown) =>
        app.call("GET", `/api/public/traces?filter=${encodeURIComponent(JSON.stringify(conditions))}`, { key });

      const column = await get([{ type: "number", column: "totalCost", operator: ">", value: 1 }]);
      const operator = await get([{ type: "string", column: "name", operator: "starts with", value: "c" }]);
      const type = await get([{ type: "null", column: "name", operator: "is null", value: "" }]);
      const value = await get([{ type: "datetime", column: "timestamp", operator: ">", value: "yesterday" }]);
      const notJson = await app.call("GET", "/api/public/traces?filter=nope", { key });

      expect(column.status).toBe(400);
      expect(column.body).toMatchObject({ error: "InvalidRequestError", code: "invalid_input" });
      expect(column.body.message).toBe(
        "Invalid query.filter.0.column: column 'totalCost' is not supported here; supported: id, name, timestamp, userId, sessionId, environment, version, release, tags",
      );
      expect(operator.body.message).toBe(
        "Invalid query.filter.0.operator: operator 'starts with' is not supported for string filters; supported: =, contains",
      );
      expect(type.body.message).toBe(
        "Invalid query.filter.0.type: type 'null' is not supported for column 'name'; supported: string, stringOptions",
      );
      expect(value.body.message).toBe("Invalid query.filter.0.value: expected an ISO-8601 date-time");
      expect(notJson.body.message).toBe(
        "Invalid query.filter: not valid JSON: expected an array of {type, column, operator, value}",
      );
    });

    it("answers 404 in Langfuse's body for unknown trace, observation and session ids", async () => {
      const trace = await failure(client.api.trace.get("nope"));
      const observation = await failure(client.api.legacy.observationsV1.get("nope"));
      const session = await failure(client.api.sessions.get("nope"));

      expect(trace).toEqual({
        statusCode: 404,
        body: { message: "Trace 'nope' not found", error: "LangfuseNotFoundError", code: "not_found" },
      });
      expect(observation).toEqual({
        statusCode: 404,
        body: { message: "Observation 'nope' not found", error: "LangfuseNotFoundError", code: "not_found" },
      });
      expect(session).toEqual({
        statusCode: 404,
        body: { message: "Session 'nope' not found", error: "LangfuseNotFoundError", code: "not_found" },
      });
    });

    it("answers 401 in Langfuse's body without credentials", async () => {
      const res = await app.call("GET", "/api/public/traces", { key: null });

      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: "UnauthorizedError", code: "unauthorized" });
    });
  });
});
