import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContracts } from "../../../scripts/openapi/load-contracts";
import { errorOf } from "../../support/error-body";
import { ev, ingest } from "../../support/ingest";
import { basic, startTestApp, type TestApp } from "../../support/local-app";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const MESSAGE = "text must not contain NUL (\\u0000) characters";

// Postgres cannot store U+0000 in text or jsonb: before this check, a NUL in a prompt, a dataset item,
// a query value or even the credentials reached the database and came back as a 500.
describe("text Postgres cannot store", () => {
  let app: TestApp;
  let contracts: Awaited<ReturnType<typeof loadContracts>>;

  beforeAll(async () => {
    app = await startTestApp();
    contracts = await loadContracts(root);
  });
  afterAll(() => app?.close());

  it("are a 400 naming the place in any path parameter, query value or JSON body, on every route", async () => {
    const answers: string[] = [];
    for (const { method, path, contract } of contracts) {
      const withParams = path.replace(/\{(\w+)\+?\}/g, "a%00b");
      const probes: { url: string; body?: unknown; where: string }[] = [];
      if (withParams !== path) probes.push({ url: withParams, where: "path." });
      probes.push({ url: `${path.replace(/\{(\w+)\+?\}/g, "probe")}?name=a%00b`, where: "query.name" });
      if (contract.body && !contract.rawBody && !contract.checksItemsItself)
        probes.push({ url: path.replace(/\{(\w+)\+?\}/g, "probe"), body: { name: "a\u0000b" }, where: "body.name" });
      for (const probe of probes) {
        const res = await app.call(method, probe.url, { body: probe.body ?? (method === "GET" ? undefined : {}) });
        const error = errorOf(res.body);
        const ok =
          res.status === 400 &&
          error?.code === "invalid_input" &&
          error.message.startsWith(`Invalid ${probe.where}`) &&
          error.message.endsWith(MESSAGE);
        if (!ok)
          answers.push(
            `${method} ${probe.url} ${JSON.stringify(probe.body)}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
          );
      }
    }

    expect(answers).toEqual([]);
  });

  it("in the credentials are a 401, like any key that does not exist", async () => {
    const res = await app.call("GET", "/v1/projects", {
      key: null,
      headers: { authorization: basic({ publicKey: "pk-sl-a\u0000b", secretKey: "sk" }) },
    });

    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("unauthorized");
  });

  it("in a JSON body are a 400 however deep, also inside a CSV import", async () => {
    await app.call("POST", "/v1/datasets", { body: { name: "nul-csv" } });

    const res = await app.call("POST", "/v1/datasets/nul-csv/items/csv", {
      body: { csv: "q\na\u0000b\n", mapping: { input: "q" } },
    });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(`Invalid body.csv: ${MESSAGE}`);
  });

  it("in an ingested event's id reject that event only; elsewhere in an event they are stored as sent", async () => {
    const good = ev("trace-create", { id: "nul-ok", name: "a\u0000b" });
    const bad = ev("trace-create", { id: "nul\u0000id", name: "x" });

    const res = await ingest(app, [good, bad], { path: "/v1/ingest" });
    const health = await app.call("GET", "/v1/ingest/health");
    const trace = await app.call("GET", "/v1/traces/nul-ok");

    expect(res.successes).toEqual([{ id: good.id, status: 201 }]);
    expect(res.errors).toEqual([{ id: bad.id, status: 400, message: `Invalid trace-create body: id: ${MESSAGE}` }]);
    expect(health.body).toMatchObject({ queueDepth: 0, queueInFlight: 0, dlqDepth: 0 });
    expect(trace.body.name).toBe("a\u0000b");
  });
});

// A lone UTF-16 surrogate is valid JSON but not valid Unicode: Postgres' jsonb refused it (a 500), while
// text columns silently stored U+FFFD. Every JSON body now gets U+FFFD, as UTF-8 encoding would give.
describe("lone surrogates", () => {
  let app: TestApp;
  const json = (body: string) => ({ body, headers: { "content-type": "application/json" } });

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it("are stored as U+FFFD in prompts, dataset items and evaluators", async () => {
    const prompt = await app.call(
      "POST",
      "/v1/prompts",
      json('{"name":"surrogate","type":"TEXT","content":"a\\ud800b","config":{"k":"\\udc00"}}'),
    );
    await app.call("POST", "/v1/datasets", { body: { name: "surrogates" } });
    const items = await app.call(
      "POST",
      "/v1/datasets/surrogates/items",
      json('{"items":[{"id":"i1","input":{"q":"x\\ud83d"}}]}'),
    );
    const evaluator = await app.call(
      "POST",
      "/v1/evaluators",
      json('{"name":"surrogate-judge","prompt":"Rate \\ud800 {{output}}","provider":"mock","model":"m"}'),
    );

    const read = await app.call("GET", "/v1/prompts/surrogate?version=1");
    const dataset = await app.call("GET", "/v1/datasets/surrogates");

    expect([prompt.status, items.status, evaluator.status]).toEqual([201, 200, 201]);
    expect(read.body.content).toBe("a\ufffdb");
    expect(read.body.config).toEqual({ k: "\ufffd" });
    expect(dataset.body.items[0].input).toEqual({ q: "x\ufffd" });
    expect(evaluator.body.prompt).toBe("Rate \ufffd {{output}}");
  });

  it("keep an emoji written as a surrogate pair intact", async () => {
    const res = await app.call(
      "POST",
      "/v1/prompts",
      json('{"name":"emoji","type":"TEXT","content":"\\ud83d\\ude00"}'),
    );

    expect(res.status).toBe(201);
    expect((await app.call("GET", "/v1/prompts/emoji?version=1")).body.content).toBe("😀");
  });

  it("in ingested events are stored as U+FFFD, ids included, and the worker writes every event", async () => {
    const res = await app.call(
      "POST",
      "/v1/ingest",
      json(
        '{"batch":[{"id":"s1","type":"trace-create","timestamp":"2026-11-22T10:00:00.000Z","body":{"id":"sur\\ud800","name":"n\\udfff","metadata":{"k":"\\ud800"}}}]}',
      ),
    );
    await app.drainQueues();

    const health = await app.call("GET", "/v1/ingest/health");
    const trace = await app.call("GET", `/v1/traces/${encodeURIComponent("sur\ufffd")}`);

    expect(res.status).toBe(207);
    expect(health.body).toMatchObject({ queueDepth: 0, queueInFlight: 0, dlqDepth: 0 });
    expect(trace.status).toBe(200);
    expect(trace.body).toMatchObject({ name: "n\ufffd", metadata: { k: "\ufffd" } });
  });
});

// Recursive steps after parsing (zod, JSON.stringify, masking) overflowed the stack on bodies nested
// tens of thousands deep, a 500. JSON.parse itself is iterative: the limit is checked before the rest.
describe("nesting", () => {
  let app: TestApp;
  const json = (body: string) => ({ body, headers: { "content-type": "application/json" } });
  /** A prompt body whose `config` makes the whole body nest exactly `depth` levels. */
  const promptNested = (name: string, depth: number) =>
    `{"name":"${name}","type":"TEXT","content":"x","config":{"a":${"[".repeat(depth - 2)}1${"]".repeat(depth - 2)}}}`;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it("accepts a JSON body 64 levels deep and refuses 65 (or 100,000) with 400", async () => {
    const at64 = await app.call("POST", "/v1/prompts", json(promptNested("deep-64", 64)));
    const at65 = await app.call("POST", "/v1/prompts", json(promptNested("deep-65", 65)));
    const huge = await app.call("POST", "/v1/prompts", json(promptNested("deep-huge", 100_000)));

    expect(at64.status).toBe(201);
    expect([at65.status, at65.body.error.message]).toEqual([400, "Invalid body: JSON nests deeper than 64 levels"]);
    expect([huge.status, huge.body.error.message]).toEqual([400, "Invalid body: JSON nests deeper than 64 levels"]);
  });

  it("refuses only the ingested event that nests too deep, and stores the rest", async () => {
    const deep = ev("trace-create", { id: "too-deep", metadata: { a: JSON.parse("[".repeat(100) + "]".repeat(100)) } });
    const fine = ev("trace-create", { id: "shallow" });

    const res = await ingest(app, [deep, fine]);

    expect(res.errors).toEqual([
      { id: deep.id, status: 400, message: "Invalid event: JSON nests deeper than 64 levels" },
    ]);
    expect(res.successes).toEqual([{ id: fine.id, status: 201 }]);
    expect((await app.call("GET", "/v1/traces/shallow")).status).toBe(200);
  });

  it("refuses an OTLP JSON export nested deeper than 256 levels with 400", async () => {
    let value = '{"stringValue":"x"}';
    for (let i = 0; i < 20_000; i++) value = `{"kvlistValue":{"values":[{"key":"k","value":${value}}]}}`;
    const body = `{"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"0102030405060708090a0b0c0d0e0f10","spanId":"0102030405060708","name":"s","attributes":[{"key":"a","value":${value}}]}]}]}]}`;

    const res = await app.call("POST", "/v1/otel/v1/traces", json(body));

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("OTLP request nests deeper than 256 levels");
  });
});
