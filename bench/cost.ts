import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { type Message, ReceiveMessageCommand } from "@aws-sdk/client-sqs";
import { INLINE_BATCH_BYTES } from "../core/ingest";
import { generateRingKey } from "../core/platform/keyring";
import { FUNCTION_SETTINGS } from "../functions/function-settings";
import { workers } from "../functions/queue-workers";
import { estimate, type Measured, type MeasuredBatch, type Prices, sensitivity } from "../sdk/cli/cost-model";
import { allFunctions, bundleWithPackages, isolate, MIGRATE_HANDLER } from "../tests/lambda/bundle";
import { apiGatewayEvent, sqsEvent } from "../tests/lambda/events";
import { invoke, invokeWarm } from "../tests/lambda/invoke";
import { createBucket, createQueuePair, startEmulator } from "../tests/support/fauxqs";
import { startRequestCounter } from "../tests/support/request-counter";
import { createScratchDatabase, postgresAnswers } from "../tests/support/scratch-db";
import { startSecretsManagerFake } from "../tests/support/secrets-manager-fake";
import { fmt, quantile } from "./lib";

const ACCEPT = "functions/api/ingest/ingest-batch.handler";
const WORKER = "functions/workers/ingest.handler";
const PG_ADMIN = "postgres://postgres@127.0.0.1:5432/test";
const SECRET_ARN = "arn:aws:secretsmanager:us-east-1:123456789012:secret:sightline/bench/secrets-AbCdEf";
const KEY = { publicKey: "pk-sl-cost", secretKey: "sk-sl-cost" };
const AUTH = `Basic ${Buffer.from(`${KEY.publicKey}:${KEY.secretKey}`).toString("base64")}`;
const BATCH_SIZES = [10, 50, 200];
/** Per batch size: 1 cold request, then warm ones; the worker gets 1 cold delivery, 10 single ones, 2 of ten. */
const REQUESTS = 31;
const QUEUE_ARN = "arn:aws:sqs:us-east-1:000000000000:ingest-cost";

/** A ClickHouse server over chDB in a child process (chDB allows one data directory per process, and other benchmarks hold one). */
async function clickHouseChild(dir: string): Promise<{ url: string; stop(): void }> {
  const script = `const { startClickHouseShim } = await import(${JSON.stringify(new URL("../tests/support/clickhouse-http-shim.ts", import.meta.url).href)}); const s = await startClickHouseShim(${JSON.stringify(dir)}); console.log(s.url);`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.once("data", (d) => resolve(String(d).trim()));
    child.once("exit", (code) => reject(new Error(`the ClickHouse shim exited (${code})`)));
  });
  return { url, stop: () => child.kill() };
}

/** A realistic ingest request: traces of one generation and one span each, about 1 KB per event. */
function batchOf(events: number, seq: number): unknown {
  const at = new Date().toISOString();
  const question = "How do I rotate the API keys of my project without downtime? ".repeat(4);
  const answer = "Create a second key, deploy it, then revoke the first one. ".repeat(4);
  const batch: unknown[] = [];
  for (let i = 0; batch.length < events; i++) {
    const traceId = `cost-${seq}-${i}-${Math.random().toString(36).slice(2)}`;
    batch.push({
      id: `${traceId}-t`,
      type: "trace-create",
      timestamp: at,
      body: { id: traceId, name: "support-chat", userId: "user-1", input: question, output: answer },
    });
    batch.push({
      id: `${traceId}-g`,
      type: "generation-create",
      timestamp: at,
      body: {
        id: `${traceId}-g`,
        traceId,
        name: "answer",
        model: "gpt-4o-mini",
        startTime: at,
        endTime: at,
        input: [
          { role: "system", content: "You are a support agent." },
          { role: "user", content: question },
        ],
        output: { role: "assistant", content: answer },
        usageDetails: { input: 120, output: 60 },
      },
    });
    batch.push({
      id: `${traceId}-s`,
      type: "span-create",
      timestamp: at,
      body: {
        id: `${traceId}-s`,
        traceId,
        name: "retrieve",
        startTime: at,
        endTime: at,
        input: { query: question.slice(0, 80) },
        output: { documents: [answer] },
      },
    });
  }
  return { batch: batch.slice(0, events) };
}

const median = (xs: number[]) =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );
const perCall = (counts: Record<string, number>, n: number) =>
  Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, v / n]));

/**
 * Measures what the cost model multiplies (docs/cost.md): the accept function and the ingest worker, bundled as
 * `sst deploy` ships them, run as Lambda runs them against S3/SQS on an emulator behind a counting proxy,
 * Postgres and ClickHouse over their wire protocols. Writes sdk/cli/cost/measured.json and prints the estimate.
 */
export async function benchCost(): Promise<string> {
  if (!(await postgresAnswers()))
    return "## Cost model (`bench/cost.ts`)\n\nNot measured: no Postgres answers on 127.0.0.1:5432 (the functions run against a real one).\n";
  const root = mkdtempSync(join(tmpdir(), "sightline-bench-cost-"));
  const emulator = await startEmulator();
  const counter = await startRequestCounter(emulator.endpoint);
  const clickhouse = await clickHouseChild(join(root, "ch"));
  const scratch = await createScratchDatabase(PG_ADMIN);
  if (!scratch) throw new Error("the Postgres role may not create databases");
  const secrets = await startSecretsManagerFake({
    [SECRET_ARN]: {
      DATABASE_URL: scratch.url,
      SIGHTLINE_CLICKHOUSE_URL: clickhouse.url,
      SIGHTLINE_KEY_RING: `k1:${generateRingKey()}`,
      SIGHTLINE_INIT_PUBLIC_KEY: KEY.publicKey,
      SIGHTLINE_INIT_SECRET_KEY: KEY.secretKey,
    },
  });
  try {
    const functions = allFunctions();
    const built = await bundleWithPackages(functions);
    const task = (handler: string) => {
      const dir = join(root, "tasks", handler.replace(/[^a-z0-9]+/gi, "-"));
      return { dir, file: isolate(handler, built.files.get(handler)!, dir) };
    };
    const bucket = await createBucket(emulator, "sightline-cost");
    const queues = await createQueuePair(emulator, "ingest-cost", 5);
    const evalQueues = await createQueuePair(emulator, "eval-cost", 5);
    const env = {
      SIGHTLINE_BUCKET: bucket,
      SIGHTLINE_INGEST_QUEUE_URL: queues.queueUrl,
      SIGHTLINE_INGEST_DLQ_URL: queues.dlqUrl,
      SIGHTLINE_EVAL_QUEUE_URL: evalQueues.queueUrl,
      SIGHTLINE_EVAL_DLQ_URL: evalQueues.dlqUrl,
      SIGHTLINE_SECRETS_ARN: SECRET_ARN,
      SIGHTLINE_MAX_RECEIVE_COUNT: "5",
      SIGHTLINE_EVENT_BUS_NAME: "sightline-cost-events",
      AWS_REGION: "us-east-1",
      AWS_ACCESS_KEY_ID: "test",
      AWS_SECRET_ACCESS_KEY: "test",
      AWS_ENDPOINT_URL: counter.endpoint,
      AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.endpoint,
    };
    const migrate = task(MIGRATE_HANDLER);
    const migrated = await invoke(migrate.dir, migrate.file, { RequestType: "Create" }, env, 120_000);
    if (migrated.error) throw new Error(`migration failed: ${migrated.error}`);
    const accept = task(ACCEPT);
    const worker = task(WORKER);

    const measured: MeasuredBatch[] = [];
    for (const events of BATCH_SIZES) {
      const bodies = Array.from({ length: REQUESTS }, (_, i) => batchOf(events, i));
      counter.reset();
      const accepted = await invokeWarm(
        accept.dir,
        accept.file,
        bodies.map((body) => apiGatewayEvent("POST", "/v1/ingest", { headers: { authorization: AUTH }, body })),
        env,
      );
      const failed = accepted.results.find((r) => r.error || r.result?.statusCode !== 207);
      if (failed)
        throw new Error(`the accept function failed: ${failed.error ?? JSON.stringify(failed.result).slice(0, 300)}`);
      const acceptCalls = perCall(counter.counts(), REQUESTS);
      // The batch's bytes: the object's, or the message's that carries it (the larger of the two sends).
      const stored = counter.calls.filter(
        (c) => c.operation === "s3:PutObject" || c.operation.startsWith("sqs:SendMessage"),
      );
      const blobBytes = Math.max(...stored.map((c) => c.payloadBytes));

      const messages: Message[] = [];
      while (messages.length < REQUESTS) {
        const got = await emulator.sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: queues.queueUrl,
            MaxNumberOfMessages: 10,
            WaitTimeSeconds: 1,
            VisibilityTimeout: 600,
            MessageSystemAttributeNames: ["All"],
          }),
        );
        messages.push(...(got.Messages ?? []));
      }
      const deliveries = [
        [messages[0]!],
        ...messages.slice(1, 11).map((m) => [m]),
        messages.slice(11, 21),
        messages.slice(21, 31),
      ];
      counter.reset();
      const worked = await invokeWarm(
        worker.dir,
        worker.file,
        deliveries.map((d) => sqsEvent(QUEUE_ARN, d)),
        env,
        120_000,
      );
      const workerFailed = worked.results.find((r) => r.error || r.result?.batchItemFailures?.length);
      if (workerFailed)
        throw new Error(`the ingest worker failed: ${workerFailed.error ?? JSON.stringify(workerFailed.result)}`);
      const single = median(worked.results.slice(1, 11).map((r) => r.ms));
      const ten = (worked.results[11]!.ms + worked.results[12]!.ms) / 2;
      const perMessageMs = Math.max(0, (ten - single) / 9);
      measured.push({
        events,
        requestBytes: Buffer.byteLength(JSON.stringify(bodies[0])),
        blobBytes,
        accept: {
          ms: median(accepted.results.slice(1).map((r) => r.ms)),
          calls: acceptCalls,
          logBytes: accepted.outputBytes / REQUESTS,
        },
        worker: {
          fixedMs: Math.max(0, single - perMessageMs),
          perMessageMs,
          callsPerMessage: perCall(counter.counts(), REQUESTS),
          logBytesPerDelivery: worked.outputBytes / deliveries.length,
        },
      });
    }

    const ingestWorker = workers.find((w) => w.queue === "ingest")!;
    const inputs: Measured = {
      measuredAt: new Date().toISOString().slice(0, 10),
      machine: `${cpus().length} cores (${cpus()[0]?.model ?? "unknown"}), Node ${process.version}`,
      settings: {
        acceptMemoryMb: FUNCTION_SETTINGS["ingest-accept"].memoryMb,
        workerMemoryMb: FUNCTION_SETTINGS.worker.memoryMb,
        workerBatchSize: ingestWorker.batchSize,
        inlineBatchBytes: INLINE_BATCH_BYTES,
      },
      batches: measured,
    };
    writeFileSync(new URL("../sdk/cli/cost/measured.json", import.meta.url), `${JSON.stringify(inputs, null, 2)}\n`);
    return report(inputs);
  } finally {
    clickhouse.stop();
    await counter.stop();
    await emulator.stop();
    await secrets.stop();
    await scratch.drop();
    rmSync(root, { recursive: true, force: true });
  }
}

/** The section of docs/benchmarks.md: the measured inputs and the model's answer at our settings. */
function report(inputs: Measured): string {
  const prices = JSON.parse(
    readFileSync(new URL("../sdk/cli/cost/aws-prices.json", import.meta.url), "utf8"),
  ) as Prices;
  const base = {
    events: 1_000_000,
    batchSize: 50,
    acceptMemoryMb: inputs.settings.acceptMemoryMb,
    workerMemoryMb: inputs.settings.workerMemoryMb,
    workerBatchSize: inputs.settings.workerBatchSize,
    claimCheck: "large" as const,
    rawBatchDays: 30,
  };
  const result = estimate(inputs, prices, base);
  const rows = inputs.batches.map(
    (b) =>
      `| ${b.events} | ${fmt(b.requestBytes / 1024, 1)} KB | ${fmt(b.accept.ms, 1)} ms | ${Object.entries(
        b.accept.calls,
      )
        .map(([k, v]) => `${k} ${fmt(v, 2)}`)
        .join(", ")} | ${fmt(b.worker.fixedMs, 1)} + ${fmt(b.worker.perMessageMs, 1)}/msg ms | ${Object.entries(
        b.worker.callsPerMessage,
      )
        .map(([k, v]) => `${k} ${fmt(v, 2)}`)
        .join(", ")} |`,
  );
  const choices = sensitivity(inputs, prices, base).map(
    (v) => `| ${v.choice} | ${v.value} | $${fmt(v.perMillionUsd, 4)} |`,
  );
  return `## Cost model (\`bench/cost.ts\`, \`sightline cost\`)

The accept function and the ingest worker as \`sst deploy\` ships them, warm, against S3/SQS on an emulator behind a
counting proxy, Postgres and ClickHouse (chDB) over the wire; prices: ${prices.region}, ${prices.asOf} (\`sdk/cli/cost/aws-prices.json\`).

| events per request | body | accept (warm median) | accept calls per request | worker per delivery | worker calls per message |
|---:|---:|---:|---|---:|---|
${rows.join("\n")}

At 50 events per request, ${inputs.settings.acceptMemoryMb} MB accept, ${inputs.settings.workerMemoryMb} MB worker, ${inputs.settings.workerBatchSize} messages per delivery, raw batches kept 30 days:
**$${fmt(result.perMillionUsd, 4)} per million events** (target ≤ $0.25: ${result.perMillionUsd <= 0.25 ? "met" : "missed"}).

| line | requests per million events | USD |
|---|---:|---:|
${result.lines.map((l) => `| ${l.name} | ${l.requests ? Math.round(l.requests) : ""} | $${fmt(l.usd, 4)} |`).join("\n")}

Each choice varied alone:

| choice | value | per million events |
|---|---|---:|
${choices.join("\n")}
`;
}
