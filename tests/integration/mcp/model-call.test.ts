import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LlmProviders } from "@core/platform/ports";
import { parseEnv } from "@functions/_runtime/env";
import { openRemoteLlm } from "@functions/_runtime/ports/remote-llm";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allFunctions, bundleFunctions, isolate } from "../../lambda/bundle";
import { FakeProviders, type FakeReply } from "../../support/fake-providers";
import { ev, ingest } from "../../support/ingest";
import { type LambdaInvokeServer, startLambdaInvokeServer } from "../../support/lambda-invoke-server";
import { basic, startTestApp, type TestApp } from "../../support/local-app";

/*
 * `run_evaluator` over MCP with the judge providers in process (`npm start`) and through the model-call function
 * (AWS: the MCP function carries no LLM SDK; docs/deployment.md, "The model-call function"). The function is its
 * real bundle, run as Lambda runs it behind a loopback Invoke API; the SDKs in it call the fake providers. Both
 * runs of a case must answer the MCP client the same and write the same score.
 */
const MODEL_CALL = "functions/workers/model-call.handler";
const FUNCTION_NAME = "sightline-test-ModelCall";
const OPENAI_KEY = "sk-openai-remote-secret";
const ANTHROPIC_KEY = "sk-ant-remote-secret";
// The same provider policy on both sides: one attempt of at most 1 s, so a time-out is quick and not retried.
const LLM_ENV = { SIGHTLINE_LLM_TIMEOUT_MS: "1000", SIGHTLINE_LLM_MAX_RETRIES: "0" };
const AWS_ENV = { AWS_REGION: "us-east-1", AWS_ACCESS_KEY_ID: "test", AWS_SECRET_ACCESS_KEY: "test" };

type ToolAnswer = { content: { type: string; text: string }[]; structuredContent?: any; isError?: boolean };

describe("run_evaluator over MCP: in process and through the model-call function", () => {
  let app: TestApp;
  let fake: FakeProviders;
  let lambda: LambdaInvokeServer;
  let inProcess: LlmProviders;
  let remote: LlmProviders;
  let taskRoot: string;
  const traceId = randomUUID();

  const callTool = async (name: string, args: Record<string, unknown>) => {
    const client = new Client({ name: "sightline-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${app.url}/v1/mcp`), {
        requestInit: { headers: { authorization: basic(app.admin) } },
      }),
    );
    try {
      return (await client.callTool({ name, arguments: args })) as ToolAnswer;
    } finally {
      await client.close();
    }
  };

  async function evaluator(provider: "openai" | "anthropic") {
    const name = `judge-${randomUUID().slice(0, 8)}`;
    const body = {
      name,
      prompt: "Rate {{output}}",
      provider,
      model: provider === "openai" ? "gpt-4o-mini" : "claude-3-5-haiku-latest",
    };
    expect((await app.call("POST", "/v1/evaluators", { body })).status).toBe(201);
    return name;
  }

  /** One run of the tool per side with the same provider script: the MCP answer, the stored score, what the provider got. */
  async function bothWays(name: string, script: FakeReply[]) {
    const runs = [];
    for (const llm of [inProcess, remote]) {
      app.deps.llm = llm;
      fake.reset();
      fake.script = structuredClone(script);
      const answer = await callTool("run_evaluator", { name, traceId });
      const stored = (await app.call("GET", `/v1/traces/${traceId}`)).body.scores
        .filter((s: any) => s.name === name)
        .map(({ timestamp: _t, createdAt: _c, updatedAt: _u, ...score }: any) => score);
      runs.push({ answer, stored, sent: fake.requests.map((r) => ({ path: r.path, auth: r.headers, body: r.body })) });
    }
    const [local, viaLambda] = runs as [(typeof runs)[0], (typeof runs)[0]];
    expect(viaLambda.answer).toEqual(local.answer);
    expect(viaLambda.stored).toEqual(local.stored);
    expect(viaLambda.sent.map((s) => [s.path, s.body])).toEqual(local.sent.map((s) => [s.path, s.body]));
    return local;
  }

  beforeAll(async () => {
    fake = await new FakeProviders().start();
    app = await startTestApp(LLM_ENV);
    inProcess = app.deps.llm;
    const put = (provider: string, body: Record<string, unknown>) =>
      app.call("PUT", `/v1/providers/${provider}`, { body });
    expect((await put("openai", { apiKey: OPENAI_KEY, baseUrl: `${fake.url}/v1` })).status).toBe(200);
    expect((await put("anthropic", { apiKey: ANTHROPIC_KEY, baseUrl: fake.url })).status).toBe(200);
    await ingest(app, [ev("trace-create", { id: traceId, name: "qa", input: "capital of France?", output: "Paris" })]);

    taskRoot = mkdtempSync(join(tmpdir(), "sightline-model-call-"));
    // The shared build of every function (tests/lambda/bundle-cache.ts): a build of this one alone would be another
    // cache entry, and writing it drops the others, under the files reading them.
    const bundle = (await bundleFunctions(allFunctions())).get(MODEL_CALL)!;
    lambda = await startLambdaInvokeServer({
      [FUNCTION_NAME]: {
        taskRoot,
        file: isolate(MODEL_CALL, bundle, taskRoot),
        // The fake providers are on loopback, which the AWS default refuses.
        env: { ...LLM_ENV, ...AWS_ENV, SIGHTLINE_ALLOW_PRIVATE_URLS: "true" },
        timeoutMs: 5_000,
      },
    });
    remote = openRemoteLlm(
      parseEnv({ ...AWS_ENV, SIGHTLINE_MODEL_CALL_FUNCTION: FUNCTION_NAME, AWS_ENDPOINT_URL_LAMBDA: lambda.endpoint }),
    );
  }, 180_000);

  afterAll(async () => {
    if (app) app.deps.llm = inProcess;
    await app?.close();
    await fake?.stop();
    await lambda?.stop();
    if (taskRoot) rmSync(taskRoot, { recursive: true, force: true });
  });

  it("answers a judge's score the same with both SDKs and writes the same score", async () => {
    for (const provider of ["openai", "anthropic"] as const) {
      const name = await evaluator(provider);

      const local = await bothWays(name, [{ text: JSON.stringify({ score: 0.8, reasoning: "Correct." }) }]);

      expect(local.answer.isError, local.answer.content[0]?.text).toBeFalsy();
      expect(local.answer.structuredContent.score).toMatchObject({ name, value: 0.8, comment: "Correct." });
      expect(local.stored).toMatchObject([{ id: local.answer.structuredContent.score.id, value: 0.8 }]);
    }
    // The key travelled in the payload to the SDK, which sent it to the provider, and the function logged none of it.
    const sent = lambda.invocations.map((i) => i.payload as any);
    expect(sent.map((p) => p.credentials.apiKey)).toEqual([OPENAI_KEY, ANTHROPIC_KEY]);
    expect(lambda.invocations.every((i) => !i.output.includes(OPENAI_KEY) && !i.output.includes(ANTHROPIC_KEY))).toBe(
      true,
    );
  });

  it("surfaces a provider's refusal with the same tool error", async () => {
    const name = await evaluator("openai");

    const local = await bothWays(name, [{ status: 401, body: { error: { message: "Incorrect API key provided" } } }]);

    expect(local.answer.isError).toBe(true);
    expect(local.answer.content[0]!.text).toContain("openai refused the request (401)");
  });

  it("surfaces a provider's 5xx with the same tool error", async () => {
    const name = await evaluator("anthropic");

    const local = await bothWays(name, [{ status: 503 }]);

    expect(local.answer.isError).toBe(true);
    expect(local.answer.content[0]!.text).toContain("anthropic answered 503");
  });

  it("surfaces a provider's time-out with the same tool error", async () => {
    const name = await evaluator("openai");

    const local = await bothWays(name, [{ delayMs: 2_500, text: JSON.stringify({ score: 1, reasoning: "late" }) }]);

    expect(local.answer.isError).toBe(true);
    expect(local.answer.content[0]!.text).toContain("openai: request timed out");
  });

  it("answers a time-out when the function itself runs out of time, as a provider's time-out", async () => {
    const slow = await startLambdaInvokeServer({
      [FUNCTION_NAME]: {
        taskRoot,
        file: join(taskRoot, `${MODEL_CALL.slice(0, MODEL_CALL.lastIndexOf("."))}.mjs`),
        env: { ...AWS_ENV, SIGHTLINE_ALLOW_PRIVATE_URLS: "true", SIGHTLINE_LLM_TIMEOUT_MS: "10000" },
        timeoutMs: 1_500,
      },
    });
    const providers = openRemoteLlm(
      parseEnv({ ...AWS_ENV, SIGHTLINE_MODEL_CALL_FUNCTION: FUNCTION_NAME, AWS_ENDPOINT_URL_LAMBDA: slow.endpoint }),
    );
    fake.reset();
    fake.script = [{ delayMs: 3_000, text: "{}" }];

    const failed = await providers
      .get("openai", { apiKey: OPENAI_KEY, baseUrl: `${fake.url}/v1` })
      .complete({ model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }] })
      .catch((error: unknown) => error);
    await slow.stop();

    expect(failed).toMatchObject({ name: "LlmCallError", kind: "timeout", message: "openai: request timed out" });
  });
});
