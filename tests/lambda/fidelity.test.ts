import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DeleteMessageCommand, GetQueueAttributesCommand, ReceiveMessageCommand } from "@aws-sdk/client-sqs";
import { generateRingKey } from "@core/platform/keyring";
import { signatureHeaders } from "@core/platform/signatures";
import { LangfuseClient } from "@langfuse/client";
import { Langfuse } from "langfuse";
import * as samlify from "samlify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ClickHouseShim, startClickHouseShim } from "../support/clickhouse-http-shim";
import { startDnsServer } from "../support/dns-server";
import { createBucket, createQueuePair, type Fauxqs, startEmulator } from "../support/fauxqs";
import { type LambdaInvokeServer, startLambdaInvokeServer } from "../support/lambda-invoke-server";
import type { TestApp } from "../support/local-app";
import { grant, mcpCall, registerClient, toolNames } from "../support/mcp-oauth";
import { startReceiver } from "../support/receiver";
import { IDP_CERT, samlIdp } from "../support/saml-idp";
import { createScratchDatabase } from "../support/scratch-db";
import { startSecretsManagerFake } from "../support/secrets-manager-fake";
import { Jar, magicLinkSignIn, person, sessionCall, signUp } from "../support/sessions";
import { proveDomain } from "../support/sso-flows";
import { startApiGateway } from "./api-gateway";
import { allFunctions, bundleWithPackages, isolate, MIGRATE_HANDLER } from "./bundle";
import { apiGatewayEvent, scheduledEvent, sqsEvent } from "./events";
import { invoke, loadAll } from "./invoke";

/*
 * The Lambda-fidelity suite (docs/deployment.md): every function bundled as `sst deploy` bundles it, copied
 * into a task root with no node_modules above it, and run in a child process as the Lambda runtime runs it.
 */
const PG_ADMIN = "postgres://postgres@127.0.0.1:5432/test";
const SECRET_ARN = "arn:aws:secretsmanager:us-east-1:123456789012:secret:sightline/test/secrets-AbCdEf";
const SIGN_IN_SECRET_ARN = "arn:aws:secretsmanager:us-east-1:123456789012:secret:sightline/sign-in/secrets-GhIjKl";
const KEY = { publicKey: "pk-sl-fidelity", secretKey: "sk-sl-fidelity" };
const auth = { authorization: `Basic ${Buffer.from(`${KEY.publicKey}:${KEY.secretKey}`).toString("base64")}` };

const postgresAnswers = () =>
  new Promise<boolean>((resolve) => {
    const socket = connect(5432, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      return resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

const root = mkdtempSync(join(tmpdir(), "sightline-lambda-"));
const MODEL_CALL = "functions/workers/model-call.handler";
const functions = allFunctions();
const bundles = new Map<string, string>();
let _packages = new Map<string, Set<string>>();
const taskRoot = (handler: string) => join(root, "tasks", handler.replace(/[^a-z0-9]+/gi, "-"));

beforeAll(async () => {
  const built = await bundleWithPackages(functions);
  _packages = built.packages;
  for (const f of functions)
    bundles.set(f.handler, isolate(f.handler, built.files.get(f.handler)!, taskRoot(f.handler)));
}, 240_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The environment stacks/lambda.ts gives every function (values for this run). */
const stackEnvironment = (over: Record<string, string> = {}) => ({
  SIGHTLINE_BUCKET: "sightline-test-ingest",
  SIGHTLINE_INGEST_QUEUE_URL: "http://127.0.0.1:1/123456789012/ingest",
  SIGHTLINE_INGEST_DLQ_URL: "http://127.0.0.1:1/123456789012/ingest-dlq",
  SIGHTLINE_EVAL_QUEUE_URL: "http://127.0.0.1:1/123456789012/eval",
  SIGHTLINE_EVAL_DLQ_URL: "http://127.0.0.1:1/123456789012/eval-dlq",
  SIGHTLINE_EXPERIMENT_QUEUE_URL: "http://127.0.0.1:1/123456789012/experiment",
  SIGHTLINE_EXPERIMENT_DLQ_URL: "http://127.0.0.1:1/123456789012/experiment-dlq",
  SIGHTLINE_SECRETS_ARN: SECRET_ARN,
  SIGHTLINE_MAX_RECEIVE_COUNT: "5",
  SIGHTLINE_EVENT_BUS_NAME: "sightline-test-events",
  AWS_REGION: "us-east-1",
  AWS_ACCESS_KEY_ID: "test",
  AWS_SECRET_ACCESS_KEY: "test",
  ...over,
});

describe("every bundled function", () => {
  it("loads in isolation: no package outside the bundle is needed at import, and each exports handler", async () => {
    const results = await loadAll(root, [...bundles.values()], stackEnvironment());

    const failed = results.filter((r) => !r.ok).map((r) => `${r.file.slice(root.length)}: ${r.error}`);
    expect(failed, failed.join("\n")).toEqual([]);
    expect(results).toHaveLength(functions.length);
  }, 240_000);
});

describe("the AWS shape end to end, bundles against real protocols on loopback", async () => {
  const pg = await postgresAnswers();
  if (!pg)
    console.warn(
      "tests/lambda: no Postgres answers on 127.0.0.1:5432; the end-to-end scenario is skipped (the load check above still runs)",
    );

  let emulator: Fauxqs;
  let shim: ClickHouseShim;
  let secrets: Awaited<ReturnType<typeof startSecretsManagerFake>>;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let lambda: LambdaInvokeServer;
  let env: Record<string, string>;
  let queueUrl: string;
  let evalQueueUrl: string;
  let experimentQueueUrl: string;
  const run = (handler: string, event: unknown) => invoke(taskRoot(handler), bundles.get(handler)!, event, env);
  const api = async (handler: string, method: string, path: string, body?: unknown) => {
    const out = await run(
      handler,
      apiGatewayEvent(method, path, { headers: auth, ...(body !== undefined ? { body } : {}) }),
    );
    expect(out.error, out.output).toBeUndefined();
    return {
      status: out.result.statusCode as number,
      body: out.result.body ? JSON.parse(out.result.body) : null,
      output: out.output,
    };
  };

  beforeAll(async () => {
    if (!pg) return;
    emulator = await startEmulator();
    const bucket = await createBucket(emulator, "sightline-fidelity");
    const queues = await createQueuePair(emulator, "ingest-fidelity", 5);
    const evalQueues = await createQueuePair(emulator, "eval-fidelity", 5);
    queueUrl = queues.queueUrl;
    evalQueueUrl = evalQueues.queueUrl;
    const experimentQueues = await createQueuePair(emulator, "experiment-fidelity", 5);
    experimentQueueUrl = experimentQueues.queueUrl;
    shim = await startClickHouseShim(join(root, "ch"));
    scratch = await createScratchDatabase(PG_ADMIN);
    if (!scratch) throw new Error("the Postgres role may not create databases");
    const stageSecret = {
      DATABASE_URL: scratch.url,
      SIGHTLINE_CLICKHOUSE_URL: shim.url,
      SIGHTLINE_KEY_RING: `k1:${generateRingKey()}`,
      SIGHTLINE_INIT_PUBLIC_KEY: KEY.publicKey,
      SIGHTLINE_INIT_SECRET_KEY: KEY.secretKey,
    };
    secrets = await startSecretsManagerFake({
      [SECRET_ARN]: stageSecret,
      // The same stage with sign-in configured (docs/auth.md, "The auth secret").
      [SIGN_IN_SECRET_ARN]: { ...stageSecret, SIGHTLINE_AUTH_SECRET: randomBytes(48).toString("base64url") },
    });
    env = stackEnvironment({
      SIGHTLINE_BUCKET: bucket,
      SIGHTLINE_INGEST_QUEUE_URL: queues.queueUrl,
      SIGHTLINE_INGEST_DLQ_URL: queues.dlqUrl,
      SIGHTLINE_EVAL_QUEUE_URL: evalQueues.queueUrl,
      SIGHTLINE_EVAL_DLQ_URL: evalQueues.dlqUrl,
      SIGHTLINE_EXPERIMENT_QUEUE_URL: experimentQueues.queueUrl,
      SIGHTLINE_EXPERIMENT_DLQ_URL: experimentQueues.dlqUrl,
      AWS_ENDPOINT_URL: emulator.endpoint,
      AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.endpoint,
    });
    // The model-call function behind Lambda's Invoke API, named to MCP's function as the stack names it.
    lambda = await startLambdaInvokeServer({
      "sightline-fidelity-ModelCall": {
        taskRoot: taskRoot(MODEL_CALL),
        file: bundles.get(MODEL_CALL)!,
        env,
        timeoutMs: 30_000,
      },
    });
    env = {
      ...env,
      SIGHTLINE_MODEL_CALL_FUNCTION: "sightline-fidelity-ModelCall",
      AWS_ENDPOINT_URL_LAMBDA: lambda.endpoint,
    };
  }, 120_000);
  afterAll(async () => {
    await shim?.stop();
    await emulator?.stop();
    await secrets?.stop();
    await lambda?.stop();
    await scratch?.drop();
  });

  it.skipIf(!pg)(
    "migrates, ingests through API → SQS → worker, reads back, saves and resolves a prompt, runs retention",
    async () => {
      const migrated = await run(MIGRATE_HANDLER, { RequestType: "Create" });
      expect(migrated.error, migrated.output).toBeUndefined();
      expect(migrated.result).toEqual({ migrated: true, initialKey: true });
      expect(secrets.reads).toContain(SECRET_ARN);

      const online = await api("functions/api/evaluators/create-evaluator.handler", "POST", "/v1/evaluators", {
        name: "answered",
        kind: "CODE",
        expression: "len(output) > 0",
        online: true,
      });
      expect(online.status, online.output).toBe(201);

      const traceId = `fidelity-${Date.now()}`;
      const at = new Date().toISOString();
      const accepted = await api("functions/api/ingest/ingest-batch.handler", "POST", "/v1/ingest", {
        batch: [
          {
            id: "e1",
            type: "trace-create",
            timestamp: at,
            body: { id: traceId, name: "fidelity", input: "hi", output: "hello" },
          },
          {
            id: "e2",
            type: "generation-create",
            timestamp: at,
            body: {
              id: `${traceId}-g`,
              traceId,
              name: "llm",
              model: "gpt-4o-mini",
              usageDetails: { input: 10, output: 2 },
            },
          },
        ],
      });
      expect(accepted.status, accepted.output).toBe(207);
      expect(accepted.body.errors).toEqual([]);

      const received = await emulator.sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: queueUrl,
          MaxNumberOfMessages: 10,
          WaitTimeSeconds: 1,
          MessageSystemAttributeNames: ["All"],
        }),
      );
      expect(received.Messages?.length).toBeGreaterThan(0);
      const worked = await run(
        "functions/workers/ingest.handler",
        sqsEvent("arn:aws:sqs:us-east-1:000000000000:ingest-fidelity", received.Messages!),
      );
      expect(worked.error, worked.output).toBeUndefined();
      expect(worked.result).toEqual({ batchItemFailures: [] });
      // Lambda deletes what the handler did not report as failed.
      for (const m of received.Messages!)
        await emulator.sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: m.ReceiptHandle! }));

      // The ingest worker put the due trace on the eval queue; the eval worker scores it.
      const due = await emulator.sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: evalQueueUrl,
          MaxNumberOfMessages: 10,
          WaitTimeSeconds: 1,
          MessageSystemAttributeNames: ["All"],
        }),
      );
      expect(due.Messages?.length).toBe(1);
      const evaluated = await run(
        "functions/workers/eval.handler",
        sqsEvent("arn:aws:sqs:us-east-1:000000000000:eval-fidelity", due.Messages!),
      );
      expect(evaluated.error, evaluated.output).toBeUndefined();
      expect(evaluated.result).toEqual({ batchItemFailures: [] });

      const trace = await api("functions/api/traces/get-trace.handler", "GET", `/v1/traces/${traceId}`);
      expect(trace.status, trace.output).toBe(200);
      expect(trace.body.scores).toEqual([expect.objectContaining({ name: "answered", source: "EVAL", value: 1 })]);
      expect(trace.body).toMatchObject({ id: traceId, name: "fidelity", input: "hi", output: "hello" });
      expect(trace.body.observations).toEqual([
        expect.objectContaining({ id: `${traceId}-g`, type: "GENERATION", model: "gpt-4o-mini" }),
      ]);

      // The MCP server's bundle (docs/mcp.md): the SDK's web-standard transport answers a tools/call on the AWS shape.
      const rpc = {
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "get_trace", arguments: { id: traceId } },
      };
      const mcp = await run(
        "functions/api/mcp/post-message.handler",
        apiGatewayEvent("POST", "/v1/mcp", {
          headers: { ...auth, accept: "application/json, text/event-stream" },
          body: rpc,
        }),
      );
      expect(mcp.error, mcp.output).toBeUndefined();
      expect(mcp.result.statusCode, mcp.output).toBe(200);
      const answer = JSON.parse(
        Buffer.from(mcp.result.body, mcp.result.isBase64Encoded ? "base64" : "utf8").toString("utf8"),
      );
      expect(answer.result.structuredContent).toEqual(trace.body);

      // A judge run over MCP: the MCP bundle carries no LLM SDK and invokes the model-call bundle, which judges.
      const judge = await api("functions/api/evaluators/create-evaluator.handler", "POST", "/v1/evaluators", {
        name: "judged",
        prompt: "Rate {{output}}",
        provider: "mock",
        model: "mock-judge",
      });
      expect(judge.status, judge.output).toBe(201);
      const judged = await run(
        "functions/api/mcp/post-message.handler",
        apiGatewayEvent("POST", "/v1/mcp", {
          headers: { ...auth, accept: "application/json, text/event-stream" },
          body: { ...rpc, params: { name: "run_evaluator", arguments: { name: "judged", traceId } } },
        }),
      );
      expect(judged.error, judged.output).toBeUndefined();
      const ran = JSON.parse(
        Buffer.from(judged.result.body, judged.result.isBase64Encoded ? "base64" : "utf8").toString("utf8"),
      );
      expect(ran.result.isError, JSON.stringify(ran)).toBeFalsy();
      expect(ran.result.structuredContent.score).toMatchObject({ name: "judged", source: "EVAL" });
      expect(lambda.invocations.map((i) => (i.payload as { provider: string }).provider)).toEqual(["mock"]);
      // The run recorded its judge's call as a trace through the ingest path; the scenarios below count that queue.
      const recorded = await emulator.sqs.send(
        new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }),
      );
      expect(recorded.Messages?.length).toBe(1);
      await emulator.sqs.send(
        new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: recorded.Messages![0]!.ReceiptHandle! }),
      );

      const saved = await api("functions/api/prompts/save-prompt.handler", "POST", "/v1/prompts", {
        name: "greeting",
        type: "TEXT",
        content: "Hello {{name}}",
        labels: ["production"],
      });
      expect(saved.status, saved.output).toBe(201);
      const resolved = await api("functions/api/prompts/get-prompt.handler", "GET", "/v1/prompts/greeting");
      expect(resolved.status, resolved.output).toBe(200);
      expect(resolved.body).toMatchObject({ name: "greeting", version: 1, content: "Hello {{name}}" });

      const retention = await run("functions/cron/retention.handler", scheduledEvent("sightline-test-retention"));
      expect(retention.error, retention.output).toBeUndefined();

      const left = await emulator.sqs.send(
        new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ["ApproximateNumberOfMessages"] }),
      );
      expect(left.Attributes?.ApproximateNumberOfMessages).toBe("0");
      // Ten cold starts of multi-megabyte bundles, each in a process of its own: a minute or more on a loaded machine.
    },
    240_000,
  );

  it.skipIf(!pg)(
    "runs an experiment: API → experiment queue → worker (partial batch response) → the trace on the ingest queue",
    async () => {
      const created = await api("functions/api/datasets/create-dataset.handler", "POST", "/v1/datasets", {
        name: "fidelity-ds",
      });
      expect(created.status, created.output).toBe(201);
      const added = await api("functions/api/datasets/insert-items.handler", "POST", "/v1/datasets/fidelity-ds/items", {
        items: [{ id: "i1", input: { name: "Ada" } }],
      });
      expect(added.status, added.output).toBe(200);
      const started = await api(
        "functions/api/datasets/start-experiment.handler",
        "POST",
        "/v1/datasets/fidelity-ds/experiments",
        {
          runName: "fidelity-run",
          prompt: { name: "greeting" },
          provider: "mock",
          model: "mock-model",
          mapping: { name: "input.name" },
        },
      );
      expect(started.status, started.output).toBe(202);

      const lanes = await emulator.sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: experimentQueueUrl,
          MaxNumberOfMessages: 10,
          WaitTimeSeconds: 1,
          MessageSystemAttributeNames: ["All"],
        }),
      );
      expect(lanes.Messages?.length).toBe(1);
      const worked = await run(
        "functions/workers/experiment.handler",
        sqsEvent("arn:aws:sqs:us-east-1:000000000000:experiment-fidelity", lanes.Messages!),
      );
      expect(worked.error, worked.output).toBeUndefined();
      expect(worked.result).toEqual({ batchItemFailures: [] });

      const read = await api(
        "functions/api/datasets/get-run.handler",
        "GET",
        "/v1/datasets/fidelity-ds/runs/fidelity-run",
      );
      expect(read.status, read.output).toBe(200);
      expect(read.body.experiment).toMatchObject({ status: "completed", done: 1, failed: 0 });
      const traces = await emulator.sqs.send(
        new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }),
      );
      expect(traces.Messages?.length).toBe(1);
    },
    240_000,
  );

  it.skipIf(!pg)(
    "answers Langfuse's trace list (GET /api/public/traces) from its own bundle, in Langfuse's page envelope",
    async () => {
      const handler = "functions/api/langfuse/traces/list-traces.handler";
      const page = await run(
        handler,
        apiGatewayEvent("GET", "/api/public/traces", { headers: auth, query: { name: "fidelity", limit: "10" } }),
      );
      const refused = await run(
        handler,
        apiGatewayEvent("GET", "/api/public/traces", { headers: auth, query: { page: "0" } }),
      );

      expect(page.error, page.output).toBeUndefined();
      expect(page.result.statusCode, page.output).toBe(200);
      const body = JSON.parse(page.result.body);
      expect(body.meta).toEqual({ page: 1, limit: 10, totalItems: 1, totalPages: 1 });
      expect(body.data).toEqual([
        expect.objectContaining({
          name: "fidelity",
          input: "hi",
          output: "hello",
          observations: [expect.stringMatching(/^fidelity-.*-g$/)],
        }),
      ]);
      expect(refused.result.statusCode, refused.output).toBe(400);
      expect(JSON.parse(refused.result.body)).toMatchObject({ error: "InvalidRequestError", code: "invalid_input" });
    },
    120_000,
  );

  /** The HTTP status a Langfuse client's error carries. */
  const statusOf = (e: unknown) => (e as { statusCode?: number }).statusCode;

  /** What Lambda's SQS poller does for the ingest worker: every message of the queue delivered, then deleted. */
  const applyIngestQueue = async () => {
    for (;;) {
      const received = await emulator.sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: queueUrl,
          MaxNumberOfMessages: 10,
          MessageSystemAttributeNames: ["All"],
        }),
      );
      if (!received.Messages?.length) return;
      const worked = await run(
        "functions/workers/ingest.handler",
        sqsEvent("arn:aws:sqs:us-east-1:000000000000:ingest-fidelity", received.Messages),
      );
      expect(worked.result, worked.output).toEqual({ batchItemFailures: [] });
      for (const m of received.Messages)
        await emulator.sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: m.ReceiptHandle! }));
    }
  };

  it.skipIf(!pg)(
    "serves the Langfuse clients themselves through an API Gateway front: traces listed and read, a score created and deleted",
    async () => {
      const gateway = await startApiGateway(run);
      try {
        const client = new LangfuseClient({ ...KEY, baseUrl: gateway.url });
        const legacy = new Langfuse({ ...KEY, baseUrl: gateway.url, flushAt: 100 });

        const page = await client.api.trace.list({ name: "fidelity", limit: 10 });
        const trace = await client.api.trace.get(page.data[0]!.id);
        const score = await client.api.scores.create({ traceId: trace.id, name: "fidelity-check", value: 1 });
        await applyIngestQueue();
        const scored = await client.api.scores.getById(score.id);
        await client.api.legacy.scoreV1.delete(score.id);
        const gone = await client.api.scores.getById(score.id).catch(statusOf);
        const fetched = await legacy.fetchTraces({ name: "fidelity" });
        const missing = await client.api.trace.get("no-such-trace").catch(statusOf);

        expect(page.meta).toMatchObject({ page: 1, totalItems: 1 });
        expect(trace).toMatchObject({ name: "fidelity", input: "hi", output: "hello" });
        expect(trace.observations.map((o) => o.name)).toEqual(["llm"]);
        expect(scored).toMatchObject({ traceId: trace.id, name: "fidelity-check", value: 1, source: "API" });
        expect(gone).toBe(404);
        expect(fetched.data.map((t) => t.id)).toEqual([trace.id]);
        expect(missing).toBe(404);
        // Each call went to its own route's bundle.
        expect(gateway.calls).toEqual(
          expect.arrayContaining([
            expect.stringMatching(/^GET \/api\/public\/traces → functions\/api\/langfuse\/traces\/list-traces/),
            expect.stringMatching(/^POST \/api\/public\/scores → /),
            expect.stringMatching(/^DELETE \/api\/public\/scores\/[^ ]+ → /),
          ]),
        );
      } finally {
        await gateway.stop();
      }
    },
    180_000,
  );

  it.skipIf(!pg)(
    "uploads media as the Langfuse SDKs do through the bundles: a presigned S3 PUT of the declared bytes, confirmed, then read back",
    async () => {
      const bytes = randomBytes(64 * 1024);
      const sha256Hash = createHash("sha256").update(bytes).digest("base64");
      const asked = await api("functions/api/media/request-upload.handler", "POST", "/api/public/media", {
        traceId: `media-${Date.now()}`,
        field: "input",
        contentType: "image/png",
        contentLength: bytes.length,
        sha256Hash,
      });
      expect(asked.status, asked.output).toBe(200);
      const { mediaId, uploadUrl } = asked.body as { mediaId: string; uploadUrl: string };
      // The URL is S3's (the emulator's), signed for the declared type, length and hash. S3 refuses other bytes
      // (BadDigest); the emulator does not check the checksum, so that refusal is not tested here (docs/media.md).
      expect(uploadUrl.startsWith(emulator.endpoint)).toBe(true);
      const put = await fetch(uploadUrl, {
        method: "PUT",
        headers: { "content-type": "image/png", "x-amz-checksum-sha256": sha256Hash },
        body: bytes,
      });
      const reported = await api("functions/api/media/report-upload.handler", "PATCH", `/api/public/media/${mediaId}`, {
        uploadedAt: new Date().toISOString(),
        uploadHttpStatus: put.status,
      });
      const read = await api("functions/api/media/get-langfuse-media.handler", "GET", `/api/public/media/${mediaId}`);
      const fetched = Buffer.from(await (await fetch(read.body.url)).arrayBuffer());

      expect(put.status).toBe(200);
      expect(reported.status, reported.output).toBe(204);
      expect(read.status, read.output).toBe(200);
      expect(read.body).toMatchObject({ mediaId, contentType: "image/png", contentLength: bytes.length });
      expect(fetched.equals(bytes)).toBe(true);
    },
  );

  it.skipIf(!pg)(
    "delivers a trace.created webhook the AWS way: the ingest worker records it and puts deliveries.due on EventBridge, the automations function attempts it",
    async () => {
      const events = await startPutEventsStandIn();
      const hook = await startReceiver();
      // Loopback webhooks are private addresses; EventBridge is the stand-in, S3 and SQS the emulator.
      const hookEnv = { ...env, SIGHTLINE_ALLOW_PRIVATE_URLS: "true", AWS_ENDPOINT_URL_EVENTBRIDGE: events.url };
      const call = (handler: string, event: unknown) =>
        invoke(taskRoot(handler), bundles.get(handler)!, event, hookEnv);
      try {
        const made = await call(
          "functions/api/automations/create-automation.handler",
          apiGatewayEvent("POST", "/v1/automations", {
            headers: auth,
            body: { name: "fidelity-hook", trigger: "trace.created", action: "webhook", target: hook.url },
          }),
        );
        expect(made.result?.statusCode, made.output).toBe(201);
        const secret = JSON.parse(made.result.body).secret as string;
        const traceId = `hooked-${Date.now()}`;
        const accepted = await call(
          "functions/api/ingest/ingest-batch.handler",
          apiGatewayEvent("POST", "/v1/ingest", {
            headers: auth,
            body: {
              batch: [
                {
                  id: "h1",
                  type: "trace-create",
                  timestamp: new Date().toISOString(),
                  body: { id: traceId, name: "hooked" },
                },
              ],
            },
          }),
        );
        expect(accepted.result?.statusCode, accepted.output).toBe(207);
        const received = await emulator.sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: queueUrl,
            MaxNumberOfMessages: 10,
            MessageSystemAttributeNames: ["All"],
          }),
        );
        const worked = await call(
          "functions/workers/ingest.handler",
          sqsEvent("arn:aws:sqs:us-east-1:000000000000:ingest-fidelity", received.Messages ?? []),
        );
        expect(worked.result, worked.output).toEqual({ batchItemFailures: [] });
        for (const m of received.Messages ?? [])
          await emulator.sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: m.ReceiptHandle! }));

        // The worker recorded the delivery with the trace and said so on the bus, once for the project.
        const due = events.entries.filter((e) => e.DetailType === "deliveries.due");
        expect(due).toHaveLength(1);
        expect(due[0]).toMatchObject({ EventBusName: "sightline-test-events" });
        expect(hook.received).toEqual([]);
        // EventBridge's rule invokes the automations function with the entry.
        const delivered = await call("functions/events/deliver-automations.handler", {
          version: "0",
          id: randomUUID(),
          "detail-type": due[0]!.DetailType,
          source: due[0]!.Source,
          account: "123456789012",
          time: new Date().toISOString(),
          region: "us-east-1",
          resources: [],
          detail: JSON.parse(due[0]!.Detail),
        });
        expect(delivered.error, delivered.output).toBeUndefined();

        expect(hook.received).toHaveLength(1);
        const envelope = JSON.parse(hook.received[0]!.body);
        expect(envelope).toMatchObject({ type: "trace.created", data: expect.objectContaining({ id: traceId }) });
        // Signed with the automation's secret, as every delivery is (docs/automations.md).
        const timestamp = Number(hook.received[0]!.headers["x-service-timestamp"]);
        expect(hook.received[0]!.headers["x-service-signature"]).toBe(
          signatureHeaders(secret, hook.received[0]!.body, new Date(timestamp * 1000))["X-Service-Signature"],
        );
      } finally {
        await hook.close();
        await events.stop();
      }
    },
  );

  /**
   * The API Gateway front with sign-in configured (the stage's secret with SIGHTLINE_AUTH_SECRET), `over` added to
   * every function's environment. The auth proxy names its own address (`SIGHTLINE_PUBLIC_URL`, the front's) in
   * links, the SP metadata and the ACS, and checks the Origin of POSTs by it.
   */
  async function signInGateway(over: Record<string, string> = {}) {
    let publicUrl = "";
    const gateway = await startApiGateway((handler, event) =>
      invoke(taskRoot(handler), bundles.get(handler)!, event, {
        ...env,
        SIGHTLINE_SECRETS_ARN: SIGN_IN_SECRET_ARN,
        SIGHTLINE_PUBLIC_URL: publicUrl,
        ...over,
      }),
    );
    publicUrl = gateway.url;
    return gateway;
  }

  it.skipIf(!pg)(
    "answers sign-in with 503 and says what is missing when the stage's secret has no SIGHTLINE_AUTH_SECRET; keys still work",
    async () => {
      const signIn = await run(
        "functions/api/auth/proxy.handler",
        apiGatewayEvent("POST", "/v1/auth/sign-in/email", {
          headers: { "content-type": "application/json" },
          body: { email: "ada@example.com", password: "correct horse battery staple" },
        }),
      );
      const projects = await api("functions/api/projects/list-projects.handler", "GET", "/v1/projects");

      expect(signIn.error, signIn.output).toBeUndefined();
      expect(signIn.result.statusCode).toBe(503);
      expect(JSON.parse(signIn.result.body)).toEqual({
        error: {
          code: "unavailable",
          message: "Sign-in is not configured: set SIGHTLINE_AUTH_SECRET (on AWS in the stage's secret)",
        },
      });
      expect(projects.status).toBe(200);
    },
  );

  it.skipIf(!pg)(
    "signs a person in with SAML through the bundled auth proxy: SP metadata, sign-in/sso, the signed response posted to the ACS",
    async () => {
      const dns = await startDnsServer();
      const gateway = await signInGateway({ SIGHTLINE_DNS_SERVERS: dns.address });
      try {
        const app = { url: gateway.url } as TestApp;
        // SSO waits for the installation's first person, who signs up with email and password.
        await person(app, `owner-${Math.random().toString(36).slice(2, 8)}@example.com`);
        const withKey = (method: string, path: string, body?: unknown) =>
          sessionCall(app, null, method, path, { ...(body ? { body } : {}), headers: auth });
        const domain = `fidelity-${Math.random().toString(36).slice(2, 8)}.example`;
        const email = `ada@${domain}`;
        // The IdP side runs in this process, where nothing else sets samlify's schema validator (the service's check
        // runs in the bundle).
        samlify.setSchemaValidator({ validate: async () => "skipped" });
        const idp = samlIdp();
        const created = await withKey("POST", "/v1/sso-providers", {
          type: "saml",
          domain,
          entryPoint: idp.entryPoint,
          cert: IDP_CERT,
          entityId: idp.entityId,
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        await proveDomain(app, dns, created.body, (path) => withKey("POST", path));

        const jar = new Jar();
        const start = await sessionCall(app, jar, "POST", "/v1/auth/sign-in/sso", {
          body: { email, callbackURL: "/" },
        });
        expect(start.status, JSON.stringify(start.body)).toBe(200);
        const metadata = await sessionCall(app, null, "GET", created.body.metadataPath);
        expect(metadata.status, JSON.stringify(metadata.body)).toBe(200);
        const answer = await idp.answer(start.body.url, metadata.body, email);
        const acs = new URL(answer.acs);
        const posted = await sessionCall(app, jar, "POST", `${acs.pathname}${acs.search}`, {
          body: new URLSearchParams({ SAMLResponse: answer.SAMLResponse, RelayState: answer.RelayState }).toString(),
          headers: { "content-type": "application/x-www-form-urlencoded", origin: "null" },
        });
        const me = await sessionCall(app, jar, "GET", "/v1/me");

        expect(start.body.url).toContain(`${idp.entryPoint}?SAMLRequest=`);
        expect(answer.acs).toBe(`${gateway.url}${created.body.acsPath}`);
        expect(posted.status, JSON.stringify(posted.body)).toBe(302);
        expect(me.status).toBe(200);
        expect(me.body.user.email).toBe(email);
        // SAML ran in the auth proxy's own bundle, where samlify loads on first use (stacks/bundle-trims.ts).
        expect(gateway.calls).toEqual(
          expect.arrayContaining([
            expect.stringMatching(/^POST \/v1\/auth\/sso\/saml2\/[^ ]+ → functions\/api\/auth\/proxy/),
          ]),
        );
      } finally {
        await gateway.stop();
        await dns.close();
      }
    },
    180_000,
  );

  it.skipIf(!pg)(
    "lets an MCP client in with OAuth across bundles: registered, authorized and given a token by the auth proxy, let into /v1/mcp by its own function",
    async () => {
      const gateway = await signInGateway();
      try {
        const app = { url: gateway.url } as TestApp;
        const who = await person(app, `mcp-${Math.random().toString(36).slice(2, 8)}@example.com`);

        const clientId = await registerClient(app, "fidelity MCP client");
        const tokens = await grant(app, who.jar, clientId, { scope: "sightline:read" });
        const tools = await toolNames(app, tokens.access_token);
        const refused = await mcpCall(app, "not-a-token", "tools/list");

        expect(tokens.scope).toBe("sightline:read");
        expect(tools).toEqual(expect.arrayContaining(["list_traces", "get_trace", "list_prompts"]));
        expect(refused.status).toBe(401);
        expect(gateway.calls).toEqual(
          expect.arrayContaining([
            expect.stringMatching(/^POST \/v1\/auth\/oauth2\/token → functions\/api\/auth\/proxy/),
            expect.stringMatching(/^POST \/v1\/mcp → functions\/api\/mcp\/post-message/),
          ]),
        );
      } finally {
        await gateway.stop();
      }
    },
    180_000,
  );

  it.skipIf(!pg)(
    "mails through SES from the bundled auth proxy: a sign-up's confirmation, then a magic link that signs the person in",
    async () => {
      const ses = await startSesStandIn();
      // The auth function's only AWS client is SES: its endpoint is the stand-in's.
      const gateway = await signInGateway({ SIGHTLINE_MAIL_FROM: "sightline@example.com", AWS_ENDPOINT_URL: ses.url });
      try {
        const app = { url: gateway.url, mail: ses.mail } as TestApp;
        const email = `grace-${Math.random().toString(36).slice(2, 8)}@example.com`;

        const { answer: signedUp } = await signUp(app, email);
        const { jar, answer: opened } = await magicLinkSignIn(app, email);
        const me = await sessionCall(app, jar, "GET", "/v1/me");

        expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(200);
        expect(ses.mail.map((m) => [m.to, m.subject])).toEqual([
          [email, "Confirm your email for Sightline"],
          [email, expect.stringMatching(/sign-in link/)],
        ]);
        // SES v2's SendEmail, signed for the ses service, from the configured sender.
        expect(ses.requests).toEqual([
          expect.objectContaining({ path: "/v2/email/outbound-emails", service: "ses", from: "sightline@example.com" }),
          expect.objectContaining({ path: "/v2/email/outbound-emails", service: "ses", from: "sightline@example.com" }),
        ]);
        expect(opened.status).toBe(302);
        expect(me.status).toBe(200);
        expect(me.body.user).toMatchObject({ email, emailVerified: true });
      } finally {
        await gateway.stop();
        await ses.stop();
      }
    },
    180_000,
  );
});

/** SES v2's `SendEmail` on loopback: records each mail (as the test app's in-memory mailer does) and answers a message id. */
async function startSesStandIn() {
  const mail: { to: string; subject: string; text: string }[] = [];
  const requests: { path: string; service: string; from: string }[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const credential = /Credential=[^/]+\/[^/]+\/[^/]+\/([^/]+)\//.exec(req.headers.authorization ?? "");
    requests.push({ path: req.url ?? "", service: credential?.[1] ?? "", from: body.FromEmailAddress });
    mail.push({
      to: body.Destination.ToAddresses[0],
      subject: body.Content.Simple.Subject.Data,
      text: body.Content.Simple.Body.Text.Data,
    });
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ MessageId: `m${mail.length}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mail,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** EventBridge's `PutEvents` on loopback (its JSON protocol): records every entry and answers each an event id. */
async function startPutEventsStandIn() {
  const entries: { Source: string; DetailType: string; Detail: string; EventBusName?: string }[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { Entries: (typeof entries)[number][] };
    if (req.headers["x-amz-target"] !== "AWSEvents.PutEvents") {
      res
        .writeHead(400, { "content-type": "application/x-amz-json-1.1" })
        .end('{"__type":"UnknownOperationException"}');
      return;
    }
    entries.push(...body.Entries);
    res
      .writeHead(200, { "content-type": "application/x-amz-json-1.1" })
      .end(JSON.stringify({ FailedEntryCount: 0, Entries: body.Entries.map(() => ({ EventId: randomUUID() })) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    entries,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
