import { createHash, randomBytes } from "node:crypto";
import { DeleteMessageCommand, GetQueueAttributesCommand, ReceiveMessageCommand } from "@aws-sdk/client-sqs";
import { LangfuseClient } from "@langfuse/client";
import { Langfuse } from "langfuse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiGateway } from "./api-gateway";
import {
  type AwsShape,
  auth,
  bundledTasks,
  callRoute,
  INGEST_QUEUE_ARN,
  KEY,
  postgresAnswers,
  SECRET_ARN,
  stackEnvironment,
  startAwsShape,
} from "./aws-shape";
import { MIGRATE_HANDLER } from "./bundle";
import { apiGatewayEvent, scheduledEvent, sqsEvent } from "./events";
import { loadAll } from "./invoke";

/*
 * The Lambda-fidelity suite (docs/deployment.md, "Offline checks"): every function bundled as `sst deploy` bundles
 * it, copied into a task root with no node_modules above it, and run in a child process as the Lambda runtime runs
 * it; here the load check and the deployment's main paths (ingest, reads, evaluations, prompts, retention, the
 * Langfuse clients, media). Sign-in, MCP's OAuth and webhooks: fidelity-sign-in.test.ts.
 */
const tasks = bundledTasks();

describe("every bundled function", () => {
  it("loads in isolation: no package outside the bundle is needed at import, and each exports handler", async () => {
    const files = tasks.functions.map((f) => tasks.bundleOf(f.handler));
    const results = await loadAll(tasks.root, files, stackEnvironment());

    const failed = results.filter((r) => !r.ok).map((r) => `${r.file.slice(tasks.root.length)}: ${r.error}`);
    expect(failed, failed.join("\n")).toEqual([]);
    expect(results).toHaveLength(tasks.functions.length);
  }, 240_000);
});

describe("the AWS shape end to end, bundles against real protocols on loopback", async () => {
  const pg = await postgresAnswers();
  if (!pg)
    console.warn(
      "tests/lambda: no Postgres answers on 127.0.0.1:5432; the end-to-end scenario is skipped (the load check above still runs)",
    );

  let shape: AwsShape | undefined;
  let env: Record<string, string>;
  let emulator: AwsShape["emulator"];
  let queueUrl: string;
  let evalQueueUrl: string;
  let experimentQueueUrl: string;
  let secrets: AwsShape["secrets"];
  let lambda: AwsShape["lambda"];
  const run = (handler: string, event: unknown) => tasks.run(handler, event, env);
  const api = (handler: string, method: string, path: string, body?: unknown) =>
    callRoute(run, handler, method, path, body);

  beforeAll(async () => {
    if (!pg) return;
    shape = await startAwsShape(tasks);
    ({ env, emulator, queueUrl, evalQueueUrl, experimentQueueUrl, secrets, lambda } = shape);
  }, 120_000);
  afterAll(() => shape?.stop());

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
      const worked = await run("functions/workers/ingest.handler", sqsEvent(INGEST_QUEUE_ARN, received.Messages!));
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
      const worked = await run("functions/workers/ingest.handler", sqsEvent(INGEST_QUEUE_ARN, received.Messages));
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
});
