import { randomUUID } from "node:crypto";
import { auditLog } from "@core/audit/audit.sql";
import { providerCredentials } from "@core/evaluators/evaluators.sql";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";

type Key = { publicKey: string; secretKey: string };

describe("evaluator definitions, versions, templates, presets and provider credentials", () => {
  let app: TestApp;
  let viewer: Key;
  let other: Key;

  beforeAll(async () => {
    app = await startTestApp();
    viewer = (await app.call("POST", "/v1/api-keys", { body: { role: "VIEWER" } })).body;
    other = (await app.call("POST", "/v1/projects", { body: { name: "elsewhere" } })).body;
  });
  afterAll(() => app?.close());

  const uniq = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

  it("creates a judge evaluator with its documented defaults", async () => {
    const name = uniq("helpful");

    const res = await app.call("POST", "/v1/evaluators", {
      body: { name, prompt: "Rate {{output}}", provider: "mock", model: "mock-judge" },
    });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name,
      version: 1,
      kind: "JUDGE",
      scope: "trace",
      cooldownSeconds: null,
      scoreDataType: "NUMERIC",
      scoreCategories: [],
      scoreName: null,
      online: false,
      samplingRate: 1,
      filterName: null,
      jurors: [],
      variableMapping: [],
      expression: null,
    });
    expect(res.body.versions).toHaveLength(1);
  });

  it("stores and validates the online, thread-scope and sampling fields", async () => {
    const thread = await app.call("POST", "/v1/evaluators", {
      body: {
        name: uniq("thread"),
        prompt: "p",
        provider: "mock",
        model: "m",
        scope: "thread",
        online: true,
        samplingRate: 0.25,
        filterName: "chat",
      },
    });
    const cooled = await app.call("POST", "/v1/evaluators", {
      body: { name: uniq("thread"), prompt: "p", provider: "mock", model: "m", scope: "thread", cooldownSeconds: 60 },
    });
    const misplaced = await app.call("POST", "/v1/evaluators", {
      body: { name: uniq("trace"), prompt: "p", provider: "mock", model: "m", cooldownSeconds: 60 },
    });
    const badRate = await app.call("POST", "/v1/evaluators", {
      body: { name: uniq("rate"), prompt: "p", provider: "mock", model: "m", samplingRate: 1.5 },
    });

    expect(thread.body).toMatchObject({
      scope: "thread",
      cooldownSeconds: 900,
      online: true,
      samplingRate: 0.25,
      filterName: "chat",
    });
    expect(cooled.body.cooldownSeconds).toBe(60);
    expect(misplaced.status).toBe(400);
    expect(misplaced.body.error.message).toBe("cooldownSeconds applies only to thread scope");
    expect(badRate.status).toBe(400);
  });

  it("refuses incomplete or contradictory definitions with 400", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ prompt: "p" }, "A JUDGE evaluator needs provider and model, or jurors"],
      [{ provider: "mock", model: "m" }, "A JUDGE evaluator needs a prompt"],
      [{ kind: "CODE" }, "A CODE evaluator needs an expression"],
      [
        { kind: "CODE", expression: "true", prompt: "p" },
        "prompt is for JUDGE evaluators; a CODE evaluator has an expression",
      ],
      [
        { prompt: "p", provider: "mock", model: "m", scoreCategories: ["a"] },
        "scoreCategories applies only to scoreDataType CATEGORICAL",
      ],
      [
        { kind: "CODE", expression: "input == 1", variableMapping: [{ variable: "input", source: "trace.input" }] },
        'variableMapping may not bind "input": input, output, expected and metadata are built in for CODE evaluators',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await app.call("POST", "/v1/evaluators", { body: { name: uniq("bad"), ...body } });

      expect({ status: res.status, message: res.body.error.message }).toEqual({ status: 400, message });
    }
    const reserved = await app.call("POST", "/v1/evaluators", {
      body: { name: "presets", prompt: "p", provider: "mock", model: "m" },
    });
    const observationName = await app.call("POST", "/v1/evaluators", {
      body: {
        name: uniq("x"),
        prompt: "p",
        provider: "mock",
        model: "m",
        variableMapping: [{ variable: "a", source: "trace.input", observationName: "s" }],
      },
    });
    expect(reserved.status).toBe(400);
    expect(observationName.status).toBe(400);
  });

  it("compiles a CODE expression at save: a broken one is a 400 naming the position", async () => {
    const name = uniq("code");

    const broken = await app.call("POST", "/v1/evaluators", {
      body: { name, kind: "CODE", expression: "contains(output, )" },
    });
    const typo = await app.call("POST", "/v1/evaluators", {
      body: { name, kind: "CODE", expression: "len(ouput) > 2" },
    });
    const ok = await app.call("POST", "/v1/evaluators", {
      body: { name, kind: "CODE", expression: "len(output) > 2" },
    });

    expect(broken.status).toBe(400);
    expect(broken.body.error.message).toBe('Unexpected token ")" at position 18');
    expect(broken.body.error.details).toMatchObject({ phase: "compile", position: 18 });
    expect(typo.status).toBe(400);
    expect(typo.body.error.message).toContain("at position 5");
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ kind: "CODE", model: "code", provider: null, expression: "len(output) > 2" });
  });

  it("saves the next version with PUT and keeps the history; GET reads a chosen version", async () => {
    const name = uniq("versions");
    await app.call("POST", "/v1/evaluators", { body: { name, prompt: "v1 {{output}}", provider: "mock", model: "m" } });

    const put = await app.call("PUT", `/v1/evaluators/${name}`, {
      body: { prompt: "v2 {{output}}", provider: "mock", model: "m", scoreDataType: "BOOLEAN" },
    });
    const detail = await app.call("GET", `/v1/evaluators/${name}`, { key: viewer });
    const first = await app.call("GET", `/v1/evaluators/${name}?version=1`);
    const list = await app.call("GET", `/v1/evaluators?name=${name}`);
    const missing = await app.call("PUT", `/v1/evaluators/${uniq("nope")}`, {
      body: { prompt: "p", provider: "mock", model: "m" },
    });
    const duplicate = await app.call("POST", "/v1/evaluators", {
      body: { name, prompt: "p", provider: "mock", model: "m" },
    });

    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ version: 2, prompt: "v2 {{output}}", scoreDataType: "BOOLEAN" });
    expect(detail.body.versions.map((v: any) => [v.version, v.prompt])).toEqual([
      [2, "v2 {{output}}"],
      [1, "v1 {{output}}"],
    ]);
    expect(first.body).toMatchObject({ version: 1, prompt: "v1 {{output}}", scoreDataType: "NUMERIC" });
    expect(list.body.data).toEqual([expect.objectContaining({ name, version: 2 })]);
    expect(missing.status).toBe(404);
    expect(duplicate.status).toBe(409);
    const audit = await app.call("GET", `/v1/audit-log?targetType=evaluator&limit=1000`);
    expect(
      audit.body.data
        .filter((e: any) => e.details?.name === name)
        .map((e: any) => e.action)
        .sort(),
    ).toEqual(["evaluator.created", "evaluator.updated"]);
  });

  it("keeps evaluators of one project away from another project's keys", async () => {
    const name = uniq("private");
    await app.call("POST", "/v1/evaluators", { body: { name, prompt: "p", provider: "mock", model: "m" } });

    expect((await app.call("GET", `/v1/evaluators/${name}`, { key: other })).status).toBe(404);
    expect(
      (
        await app.call("PUT", `/v1/evaluators/${name}`, {
          key: other,
          body: { prompt: "p", provider: "mock", model: "m" },
        })
      ).status,
    ).toBe(404);
    expect(
      (await app.call("POST", `/v1/evaluators/${name}/run`, { key: other, body: { traceId: "t", output: "x" } }))
        .status,
    ).toBe(404);
    expect((await app.call("GET", `/v1/evaluators?name=${name}`, { key: other })).body.data).toEqual([]);
  });

  it("dry-runs an expression for a VIEWER, reporting the raw value even when it is not a score", async () => {
    const item = { input: "q", output: "The answer is Paris", expected: "paris", metadata: { words: 4 } };

    const valid = await app.call("POST", "/v1/evaluators/test-expression", {
      key: viewer,
      body: { expression: "contains(lower(output), expected)", item },
    });
    const raw = await app.call("POST", "/v1/evaluators/test-expression", {
      key: viewer,
      body: { expression: "metadata.words * 2", item },
    });
    const failing = await app.call("POST", "/v1/evaluators/test-expression", {
      key: viewer,
      body: { expression: "output - 1", item },
    });
    const broken = await app.call("POST", "/v1/evaluators/test-expression", {
      key: viewer,
      body: { expression: "output ==", item },
    });

    expect(valid.body).toEqual({ value: true, valid: true, error: null });
    expect(raw.body).toEqual({
      value: 8,
      valid: false,
      error: "Expression must return a boolean or a number in [0, 1], got number 8",
    });
    expect(failing.body).toMatchObject({ value: null, valid: false });
    expect(failing.body.error).toContain('Operator "-" needs numbers');
    expect(broken.status).toBe(400);
  });

  it("serves the presets and the template library, and instantiates a template", async () => {
    const presets = await app.call("GET", "/v1/evaluators/presets", { key: viewer });
    const templates = await app.call("GET", "/v1/evaluators/templates", { key: viewer });
    const ids = templates.body.data.map((t: any) => t.id);

    expect(presets.body.data.map((p: any) => p.id)).toEqual(
      expect.arrayContaining([
        "regex-match",
        "json-valid",
        "length-within-range",
        "exact-match",
        "contains-expected",
        "numeric-range",
      ]),
    );
    expect(ids).toEqual(
      expect.arrayContaining([
        "faithfulness",
        "answer-relevance",
        "user-frustration",
        "knowledge-retention",
        "session-completeness",
        "conversational-coherence",
        "trajectory-accuracy",
        "tool-correctness",
        "task-completion",
      ]),
    );
    for (const t of templates.body.data) expect(t.variables.length, t.id).toBeGreaterThan(0);

    const name = uniq("frustration");
    const made = await app.call("POST", "/v1/evaluators/from-template", {
      body: {
        template: "user-frustration",
        name,
        provider: "mock",
        model: "mock-judge",
        online: true,
        samplingRate: 0.1,
      },
    });
    const unknown = await app.call("POST", "/v1/evaluators/from-template", {
      body: { template: "nope", provider: "mock", model: "m" },
    });
    const preset = presets.body.data.find((p: any) => p.id === "exact-match");
    const fromPreset = await app.call("POST", "/v1/evaluators", {
      body: { name: uniq("preset"), kind: "CODE", expression: preset.expression },
    });

    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name,
      kind: "JUDGE",
      scoreDataType: "CATEGORICAL",
      scoreCategories: ["none", "mild", "severe"],
      online: true,
      samplingRate: 0.1,
      provider: "mock",
    });
    expect(made.body.prompt).toContain("{{input}}");
    expect(unknown.status).toBe(400);
    expect(fromPreset.status).toBe(201);
  });

  it("stores provider credentials sealed, never returns the key, and audits without it", async () => {
    const put = await app.call("PUT", "/v1/providers/openai", {
      body: { apiKey: "sk-never-shown", baseUrl: "https://llm.example.com/v1/" },
    });
    const get = await app.call("GET", "/v1/providers/openai", { key: viewer });
    const list = await app.call("GET", "/v1/providers", { key: viewer });
    const asViewer = await app.call("PUT", "/v1/providers/openai", { key: viewer, body: { apiKey: "x" } });
    const mock = await app.call("PUT", "/v1/providers/mock", { body: { apiKey: "x" } });
    const elsewhere = await app.call("GET", "/v1/providers/openai", { key: other });

    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      provider: "openai",
      baseUrl: "https://llm.example.com/v1",
      configured: true,
      updatedAt: expect.any(String),
    });
    expect(get.body).toEqual(put.body);
    expect(list.body.data.map((p: any) => [p.provider, p.configured])).toEqual([
      ["mock", true],
      ["openai", true],
      ["anthropic", false],
      ["openai-compatible", false],
    ]);
    for (const res of [put, get, list]) expect(JSON.stringify(res.body)).not.toContain("sk-never-shown");
    expect(asViewer.status).toBe(403);
    expect(mock.status).toBe(400);
    expect(elsewhere.status).toBe(404);
    const [row] = await app.deps.db
      .select()
      .from(providerCredentials)
      .where(eq(providerCredentials.provider, "openai"));
    expect(row!.apiKeySealed).toMatch(/^v1:k1:/);
    expect(row!.apiKeySealed).not.toContain("sk-never-shown");
    expect(app.deps.keyRing.decrypt(row!.apiKeySealed)).toBe("sk-never-shown");
    const audit = await app.deps.db.select().from(auditLog).where(eq(auditLog.action, "provider.credentials_saved"));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain("sk-never-shown");

    const removed = await app.call("DELETE", "/v1/providers/openai");
    expect(removed.body).toEqual({ provider: "openai", deleted: true });
    expect((await app.call("GET", "/v1/providers/openai")).status).toBe(404);
  });
});
