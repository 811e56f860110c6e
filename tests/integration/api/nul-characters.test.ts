import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContracts } from "@functions/api/openapi/load-contracts";
import { startTestApp, basic, type TestApp } from "../../support/local-app";
import { ev, ingest } from "../../support/ingest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const MESSAGE = "text must not contain NUL (\\u0000) characters";

// Postgres cannot store U+0000 in text or jsonb: before this check, a NUL in a prompt, a dataset item,
// a query value or even the credentials reached the database and came back as a 500.
describe("NUL characters (U+0000)", () => {
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
      if (contract.body && !contract.rawBody && !contract.acceptsNulInBody) probes.push({ url: path.replace(/\{(\w+)\+?\}/g, "probe"), body: { name: "a\u0000b" }, where: "body.name" });
      for (const probe of probes) {
        const res = await app.call(method, probe.url, { body: probe.body ?? (method === "GET" ? undefined : {}) });
        const ok = res.status === 400 && res.body?.error?.code === "invalid_input" && res.body.error.message.startsWith(`Invalid ${probe.where}`) && res.body.error.message.endsWith(MESSAGE);
        if (!ok) answers.push(`${method} ${probe.url} ${JSON.stringify(probe.body)}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    }

    expect(answers).toEqual([]);
  });

  it("in the credentials are a 401, like any key that does not exist", async () => {
    const res = await app.call("GET", "/v1/projects", { key: null, headers: { authorization: basic({ publicKey: "pk-sl-a\u0000b", secretKey: "sk" }) } });

    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("unauthorized");
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
