import { randomUUID } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ev, ingest } from "../../support/ingest";
import { basic, startTestApp, type TestApp } from "../../support/local-app";
import { type Key, newProject, uniq } from "../../support/projects";

/* The MCP server at /v1/mcp (docs/mcp.md) through the official TypeScript client over streamable HTTP. */
const READ_TOOLS = [
  "list_traces",
  "get_trace",
  "search_observations",
  "get_metrics",
  "list_prompts",
  "get_prompt",
  "list_datasets",
  "list_review_items",
];
const ALL_TOOLS = [
  "list_traces",
  "get_trace",
  "search_observations",
  "get_metrics",
  "list_prompts",
  "get_prompt",
  "save_prompt",
  "set_prompt_label",
  "list_datasets",
  "add_dataset_items",
  "add_trace_to_dataset",
  "create_score",
  "run_evaluator",
  "list_review_items",
  "submit_review",
];

type ToolAnswer = { content: { type: string; text: string }[]; structuredContent?: any; isError?: boolean };

describe("MCP server", () => {
  let app: TestApp;
  let admin: Key;
  let member: Key;
  let viewer: Key;
  let stranger: Key;
  const clients: Client[] = [];
  const traceId = randomUUID();

  const connect = async (key: Key) => {
    const client = new Client({ name: "sightline-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${app.url}/v1/mcp`), {
        requestInit: { headers: { authorization: basic(key) } },
      }),
    );
    clients.push(client);
    return client;
  };
  const call = async (key: Key, name: string, args: Record<string, unknown>) =>
    (await (await connect(key)).callTool({ name, arguments: args })) as ToolAnswer;
  /** The JSON a successful tool answered, after checking text and structured content agree. */
  const data = (answer: ToolAnswer) => {
    expect(answer.isError, answer.content[0]?.text).toBeFalsy();
    const parsed = JSON.parse(answer.content[0]!.text);
    expect(answer.structuredContent).toEqual(parsed);
    return parsed;
  };

  beforeAll(async () => {
    app = await startTestApp();
    admin = await newProject(app);
    member = (await app.call("POST", "/v1/api-keys", { key: admin, body: { role: "MEMBER" } })).body;
    viewer = (await app.call("POST", "/v1/api-keys", { key: admin, body: { role: "VIEWER" } })).body;
    stranger = await newProject(app);
    await ingest(
      app,
      [
        ev("trace-create", {
          id: traceId,
          name: "capital-question",
          userId: "u-1",
          input: "What is the capital of France?",
          output: "Paris",
        }),
        ev("generation-create", {
          id: `${traceId}-gen`,
          traceId,
          name: "answer",
          model: "gpt-4o",
          input: "capital?",
          output: "Paris",
          usageDetails: { input: 10, output: 2, total: 12 },
        }),
      ],
      { key: admin },
    );
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await app?.close();
  });

  it("lists all 15 tools to ADMIN and MEMBER keys and only the read tools to a VIEWER key, each with an object input schema", async () => {
    const forAdmin = await (await connect(admin)).listTools();
    const forMember = await (await connect(member)).listTools();
    const forViewer = await (await connect(viewer)).listTools();

    expect(forAdmin.tools.map((t) => t.name)).toEqual(ALL_TOOLS);
    expect(forMember.tools.map((t) => t.name)).toEqual(ALL_TOOLS);
    expect(forViewer.tools.map((t) => t.name)).toEqual(READ_TOOLS);
    const getTrace = forViewer.tools.find((t) => t.name === "get_trace")!;
    expect(getTrace.inputSchema).toMatchObject({
      type: "object",
      properties: { id: { type: "string", minLength: 1 } },
      required: ["id"],
    });
    expect(getTrace.annotations).toEqual({ readOnlyHint: true });
    const savePrompt = forAdmin.tools.find((t) => t.name === "save_prompt")!;
    expect(savePrompt.inputSchema.type).toBe("object");
    expect((savePrompt.inputSchema as any).oneOf.map((o: any) => o.properties.type.const)).toEqual(["TEXT", "CHAT"]);
  });

  it("reads traces with list_traces and get_trace: the same JSON the endpoints answer", async () => {
    const list = data(await call(viewer, "list_traces", { userId: "u-1" }));
    const trace = data(await call(viewer, "get_trace", { id: traceId }));

    expect(list).toEqual((await app.call("GET", "/v1/traces?userId=u-1", { key: admin })).body);
    expect(list.data.map((t: any) => t.id)).toEqual([traceId]);
    expect(list.data[0]).toMatchObject({ name: "capital-question", observationCount: 1 });
    expect(trace).toEqual((await app.call("GET", `/v1/traces/${traceId}`, { key: admin })).body);
    expect(trace).toMatchObject({ id: traceId, input: "What is the capital of France?", output: "Paris" });
    expect(trace.observations.map((o: any) => [o.id, o.model, o.usageDetails.total])).toEqual([
      [`${traceId}-gen`, "gpt-4o", 12],
    ]);
  });

  it("searches observations and reads metrics", async () => {
    const observations = data(await call(viewer, "search_observations", { model: "gpt-4o", type: "GENERATION" }));
    const metrics = data(await call(viewer, "get_metrics", { groupBy: "model" }));

    expect(observations.data.map((o: any) => [o.id, o.traceId, o.name])).toEqual([
      [`${traceId}-gen`, traceId, "answer"],
    ]);
    expect(metrics.groupBy).toEqual(["day", "model"]);
    expect(metrics.data).toHaveLength(1);
    expect(metrics.data[0]).toMatchObject({
      model: "gpt-4o",
      traces: 1,
      observations: 1,
      inputTokens: 10,
      outputTokens: 2,
      totalTokens: 12,
    });
  });

  it("saves a prompt, moves a label and reads it back with save_prompt, set_prompt_label, get_prompt and list_prompts", async () => {
    const name = uniq("greeting");

    const saved = data(
      await call(member, "save_prompt", { name, type: "TEXT", content: "Hello {{who}}", labels: ["production"] }),
    );
    const second = data(await call(member, "save_prompt", { name, type: "TEXT", content: "Hi {{who}}" }));
    const moved = data(await call(member, "set_prompt_label", { name, label: "staging", version: 1 }));
    const staging = data(await call(viewer, "get_prompt", { name, channel: "staging" }));
    const latest = data(await call(viewer, "get_prompt", { name }));
    const listed = data(await call(viewer, "list_prompts", { name }));

    expect(saved).toMatchObject({
      name,
      version: 1,
      type: "TEXT",
      content: "Hello {{who}}",
      labels: ["latest", "production"],
      variables: ["who"],
    });
    expect(second).toMatchObject({ name, version: 2, content: "Hi {{who}}" });
    expect(moved).toEqual({ name, label: "staging", version: 1, fromVersion: null });
    expect(staging).toMatchObject({
      name,
      version: 1,
      content: "Hello {{who}}",
      resolved: true,
      channels: { latest: 2, production: 1, staging: 1 },
    });
    expect(latest).toMatchObject({ version: 2, content: "Hi {{who}}" });
    expect(latest).toEqual((await app.call("GET", `/v1/prompts/${name}`, { key: admin })).body);
    expect(listed.data.map((p: any) => p.name)).toEqual([name]);
  });

  it("adds dataset items with add_dataset_items, rejecting a bad one by index, and lists the dataset", async () => {
    const name = uniq("ds");
    expect((await app.call("POST", "/v1/datasets", { key: admin, body: { name } })).status).toBe(201);

    const added = data(
      await call(member, "add_dataset_items", {
        name,
        items: [{ input: "q1", expectedOutput: "a1" }, { input: "q2" }, { expectedOutput: "no input" }],
      }),
    );
    const listed = data(await call(viewer, "list_datasets", {}));

    expect(added).toMatchObject({ added: 2, rejected: 1 });
    expect(added.errors).toMatchObject([{ index: 2 }]);
    expect(listed.data.find((d: any) => d.name === name)).toMatchObject({ itemCount: 2 });
    expect(
      (await app.call("GET", `/v1/datasets/${name}`, { key: admin })).body.items.map((i: any) => i.input).sort(),
    ).toEqual(["q1", "q2"]);
  });

  it("copies an observation into a dataset with add_trace_to_dataset, and refuses an unknown trace", async () => {
    const name = uniq("ds");
    expect((await app.call("POST", "/v1/datasets", { key: admin, body: { name } })).status).toBe(201);

    const item = data(await call(member, "add_trace_to_dataset", { name, traceId, observationId: `${traceId}-gen` }));
    const unknown = await call(member, "add_trace_to_dataset", { name, traceId: "no-such-trace" });

    expect(item).toMatchObject({
      input: "capital?",
      expectedOutput: "Paris",
      sourceTraceId: traceId,
      sourceObservationId: `${traceId}-gen`,
    });
    expect(unknown).toMatchObject({
      isError: true,
      structuredContent: { error: { code: "not_found", message: "Trace 'no-such-trace' not found" } },
    });
    expect((await app.call("GET", `/v1/datasets/${name}`, { key: admin })).body.itemCount).toBe(1);
  });

  it("creates a score with create_score that then shows on the trace", async () => {
    const created = data(
      await call(member, "create_score", { traceId, name: "helpful", value: 0.75, comment: "from an agent" }),
    );
    await app.drainQueues();

    const scores = (await app.call("GET", `/v1/traces/${traceId}`, { key: admin })).body.scores;
    expect(created).toEqual({ id: expect.any(String) });
    expect(scores.find((s: any) => s.id === created.id)).toMatchObject({
      name: "helpful",
      value: 0.75,
      source: "API",
      comment: "from an agent",
    });
  });

  it("runs an evaluator with run_evaluator and answers its score", async () => {
    const evaluator = uniq("mentions-paris");
    expect(
      (
        await app.call("POST", "/v1/evaluators", {
          key: admin,
          body: { name: evaluator, kind: "CODE", expression: 'contains(output, "Paris")' },
        })
      ).status,
    ).toBe(201);

    const ran = data(await call(member, "run_evaluator", { name: evaluator, traceId }));

    expect(ran.score).toMatchObject({ name: evaluator, value: 1, source: "EVAL" });
    expect(
      (await app.call("GET", `/v1/traces/${traceId}`, { key: admin })).body.scores.map((s: any) => s.id),
    ).toContain(ran.score.id);
  });

  it("lists review items with list_review_items and reviews one with submit_review", async () => {
    const queue = uniq("q");
    await app.call("POST", "/v1/review-queues", {
      key: admin,
      body: { name: queue, scoreName: "correct", dataType: "BOOLEAN" },
    });
    const [item] = (
      await app.call("POST", `/v1/review-queues/${queue}/items`, { key: admin, body: { traceIds: [traceId] } })
    ).body.items;

    const pending = data(await call(viewer, "list_review_items", { queue, status: "pending" }));
    const reviewed = data(
      await call(member, "submit_review", { queue, itemId: item.id, value: true, comment: "right" }),
    );
    const done = data(await call(viewer, "list_review_items", { queue, status: "done" }));

    expect(pending.data).toMatchObject([
      { id: item.id, traceId, status: "pending", trace: { name: "capital-question", output: "Paris" } },
    ]);
    expect(reviewed).toMatchObject({
      item: { id: item.id, status: "done" },
      score: { name: "correct", value: 1, stringValue: "True", source: "ANNOTATION", comment: "right" },
    });
    expect(done.data).toMatchObject([{ id: item.id, status: "done", scoreId: reviewed.item.scoreId }]);
  });

  it("refuses a VIEWER the write tool with a tool error naming the role, and writes nothing", async () => {
    const name = uniq("forbidden");

    const answer = await call(viewer, "save_prompt", { name, type: "TEXT", content: "x" });

    expect(answer.isError).toBe(true);
    expect(answer.content).toEqual([{ type: "text", text: "This tool needs the MEMBER role; the caller has VIEWER" }]);
    expect(answer.structuredContent).toEqual({
      error: { code: "forbidden", message: "This tool needs the MEMBER role; the caller has VIEWER" },
    });
    expect((await app.call("GET", `/v1/prompts/${name}`, { key: admin })).status).toBe(404);
  });

  it("answers bad tool input with a tool error naming the field", async () => {
    const missing = await call(viewer, "get_trace", {});
    const wrongType = await call(member, "add_dataset_items", { name: "x", items: "not a list" });
    const nul = await call(member, "save_prompt", { name: "nul", type: "TEXT", content: "a\u0000b" });

    expect(missing.isError).toBe(true);
    expect(missing.content[0]!.text).toMatch(/^Invalid arguments\.id: /);
    expect(missing.structuredContent.error.code).toBe("invalid_input");
    expect(wrongType.content[0]!.text).toMatch(/^Invalid arguments\.items: /);
    expect(nul).toMatchObject({
      isError: true,
      content: [{ text: "Invalid arguments.content: text must not contain NUL (\\u0000) characters" }],
    });
  });

  it("keeps another project's trace out of reach: get_trace by its key is not found", async () => {
    const answer = await call(stranger, "get_trace", { id: traceId });

    expect(answer.isError).toBe(true);
    expect(answer.structuredContent.error.code).toBe("not_found");
    expect(answer.content[0]!.text).toBe(
      (await app.call("GET", `/v1/traces/${traceId}`, { key: stranger })).body.error.message,
    );
  });

  it("answers an unknown tool with a JSON-RPC invalid-params error", async () => {
    const client = await connect(admin);

    await expect(client.callTool({ name: "drop_everything", arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining("Unknown tool 'drop_everything'"),
    });
  });
});

describe("MCP endpoint over plain HTTP", () => {
  let app: TestApp;
  const mcpHeaders = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it("answers 401 with the error body and a Basic challenge without credentials, and the client cannot connect", async () => {
    const res = await app.call("POST", "/v1/mcp", {
      key: null,
      headers: mcpHeaders,
      body: { jsonrpc: "2.0", id: 1, method: "tools/list" },
    });
    const client = new Client({ name: "anonymous", version: "1.0.0" });

    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: "unauthorized", message: "Missing or invalid credentials" } });
    expect(res.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${app.url}/.well-known/oauth-protected-resource/v1/mcp", scope="sightline:read sightline:write offline_access", Basic realm="sightline"`,
    );
    // GET and DELETE (no stream, no session to end) challenge alike: one rule for the endpoint's credentials.
    for (const method of ["GET", "DELETE"]) {
      const other = await app.call(method, "/v1/mcp", { key: null, headers: mcpHeaders });
      expect(other.status).toBe(401);
      expect(other.headers.get("www-authenticate")).toBe(res.headers.get("www-authenticate"));
    }
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/v1/mcp`)))).rejects.toThrow();
  });

  it("lists tools in one stateless POST without a session, as the README's curl does", async () => {
    const res = await app.call("POST", "/v1/mcp", {
      headers: mcpHeaders,
      body: { jsonrpc: "2.0", id: 1, method: "tools/list" },
    });

    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("mcp-session-id")).toBeNull();
    expect(res.body.id).toBe(1);
    expect(res.body.result.tools).toHaveLength(15);
  });

  it("answers malformed JSON-RPC with the SDK's 4xx JSON-RPC errors, and GET and DELETE with 405", async () => {
    const notJson = await app.call("POST", "/v1/mcp", { headers: mcpHeaders, body: "{not json" });
    const notRpc = await app.call("POST", "/v1/mcp", { headers: mcpHeaders, body: { hello: "world" } });
    const noAccept = await app.call("POST", "/v1/mcp", {
      headers: { "content-type": "application/json" },
      body: { jsonrpc: "2.0", id: 1, method: "tools/list" },
    });
    const get = await app.call("GET", "/v1/mcp", { headers: { accept: "text/event-stream" } });
    const del = await app.call("DELETE", "/v1/mcp");

    expect([notJson.status, notJson.body.error.code]).toEqual([400, -32700]);
    expect([notRpc.status, notRpc.body.error.code]).toEqual([400, -32700]);
    expect(noAccept.status).toBe(406);
    expect([get.status, get.body.error.message, get.headers.get("allow")]).toEqual([
      405,
      "Method not allowed.",
      "POST",
    ]);
    expect(del.status).toBe(405);
  });

  it("refuses a body nested deeper than 64 levels with the API's 400, as every endpoint does", async () => {
    const deep = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_trace","arguments":{"id":"x","a":${"[".repeat(70)}${"]".repeat(70)}}}}`;

    const res = await app.call("POST", "/v1/mcp", { headers: mcpHeaders, body: deep });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { code: "invalid_input", message: "Invalid body: JSON nests deeper than 64 levels" },
    });
  });
});
