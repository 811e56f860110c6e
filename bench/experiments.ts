import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import OpenAI from "openai";
import { type Connection, request } from "../sdk/cli/api";
import { FakeOpenAI } from "../tests/support/fake-openai";
import { kill, spawnServer } from "../tests/support/spawn-server";
import { fmt } from "./lib";

const KEY = { publicKey: "pk-sl-bench-experiments", secretKey: "sk-sl-bench-experiments" };
const ITEMS = 100;
const PROVIDER_MS = 500;
const CONCURRENCY = 10;
const ROUNDS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Run {
  items: unknown[];
  scores: { name: string; count: number }[];
  experiment: { status: string; done: number; failed: number };
}

/** Starts an experiment and waits (polling every 20 ms) until every run item and both scores of each are readable. */
async function timeExperiment(
  conn: Connection,
  dataset: string,
  runName: string,
  body: Record<string, unknown>,
  evaluators: string[],
): Promise<number> {
  const started = performance.now();
  await request(conn, "POST", `/v1/datasets/${dataset}/experiments`, { ...body, runName, evaluators });
  for (;;) {
    const run = await request<Run>(conn, "GET", `/v1/datasets/${dataset}/runs/${runName}`);
    if (run.experiment.failed > 0) throw new Error(`experiment ${runName}: ${run.experiment.failed} items failed`);
    const scored = evaluators.every((e) => run.scores.find((s) => s.name === e)?.count === ITEMS);
    if (run.items.length === ITEMS && scored) return performance.now() - started;
    await sleep(20);
  }
}

/**
 * Issue 29 targets: an experiment of 100 items, mock model, two code evaluators: every run item and score readable
 * ≤ 5 s; with a provider fake answering in 500 ms at concurrency 10: ≤ 7 s, against the raw bound of 100 / 10 × 0.5 s
 * = 5 s, measured in the same run as 100 calls of the official OpenAI SDK to the same fake, 10 at a time.
 */
export async function benchExperiments(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "sightline-bench-experiments-"));
  const fake = await new FakeOpenAI().start();
  fake.delayMs = PROVIDER_MS;
  const server = await spawnServer({
    SIGHTLINE_DATA_DIR: join(dataDir, "app"),
    SIGHTLINE_INIT_PUBLIC_KEY: KEY.publicKey,
    SIGHTLINE_INIT_SECRET_KEY: KEY.secretKey,
    SIGHTLINE_LOG_LEVEL: "warn",
    SIGHTLINE_LLM_CONCURRENCY: String(CONCURRENCY),
  });
  const conn: Connection = { baseUrl: server.url, ...KEY };
  try {
    await request(conn, "POST", "/v1/datasets", { name: "bench" });
    await request(conn, "POST", "/v1/datasets/bench/items", {
      items: Array.from({ length: ITEMS }, (_, i) => ({
        id: `i${i}`,
        input: { question: `What is ${i} + ${i}?` },
        expectedOutput: String(2 * i),
      })),
    });
    await request(conn, "POST", "/v1/prompts", {
      name: "bench-qa",
      type: "TEXT",
      content: "Answer briefly: {{question}}",
      labels: ["production"],
    });
    await request(conn, "POST", "/v1/evaluators", { name: "answered", kind: "CODE", expression: "len(output) > 0" });
    await request(conn, "POST", "/v1/evaluators", { name: "length", kind: "CODE", expression: "len(output) / 100" });
    await request(conn, "PUT", "/v1/providers/openai", { apiKey: "sk-bench", baseUrl: fake.url });
    const evaluators = ["answered", "length"];
    const common = { prompt: { name: "bench-qa" }, mapping: { question: "input.question" } };

    const mock: number[] = [];
    const slow: number[] = [];
    const raw: number[] = [];
    const client = new OpenAI({ apiKey: "sk-bench", baseURL: fake.url, maxRetries: 0 });
    for (let round = 0; round < ROUNDS; round++) {
      mock.push(
        await timeExperiment(
          conn,
          "bench",
          `mock-${round}`,
          { ...common, provider: "mock", model: "m", concurrency: CONCURRENCY },
          evaluators,
        ),
      );
      slow.push(
        await timeExperiment(
          conn,
          "bench",
          `fake-${round}`,
          { ...common, provider: "openai", model: "gpt-4o-mini", concurrency: CONCURRENCY },
          evaluators,
        ),
      );
      const started = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < ITEMS) {
            next++;
            await client.chat.completions.create({
              model: "gpt-4o-mini",
              messages: [{ role: "user", content: "Answer briefly: What is 1 + 1?" }],
            });
          }
        }),
      );
      raw.push(performance.now() - started);
    }

    const s = (xs: number[]) => `${fmt(median(xs) / 1000, 2)} s (max ${fmt(Math.max(...xs) / 1000, 2)} s)`;
    return [
      "## Experiments (issue 29)",
      "",
      `| measure | target | median of ${ROUNDS} |`,
      "|---|---|---|",
      `| experiment of ${ITEMS} items, mock model, two code evaluators: every run item and score readable | ≤ 5 s | ${s(mock)} |`,
      `| the same with a provider fake answering in ${PROVIDER_MS} ms (official OpenAI SDK on loopback), concurrency ${CONCURRENCY} | ≤ 7 s | ${s(slow)} |`,
      `| raw: ${ITEMS} calls of the OpenAI SDK to the same fake, ${CONCURRENCY} at a time (bound ${ITEMS} / ${CONCURRENCY} × ${PROVIDER_MS / 1000} s = ${fmt(((ITEMS / CONCURRENCY) * PROVIDER_MS) / 1000, 1)} s) | — | ${s(raw)} |`,
      "",
      `Against \`npm start\` on embedded stores (PGlite, chDB) with its background workers: from \`POST /v1/datasets/{name}/experiments\` until \`GET\` of the run shows ${ITEMS} run items and ${ITEMS} values of each score (polled every 20 ms). Each item's model call is recorded as a trace through the ingest queue and worker, and its two code evaluations go through the eval queue and worker. Lanes write five items at a time, behind their next model calls. The process's bound on calls in flight per provider (\`SIGHTLINE_LLM_CONCURRENCY\`, default 4, shared with judges) is raised to ${CONCURRENCY} here: at the default, a run of concurrency ${CONCURRENCY} makes 4 calls at once. One-minute load average at the end: ${fmt(loadavg()[0]!, 1)}.`,
      "",
    ].join("\n");
  } finally {
    await kill(server, "SIGTERM");
    await fake.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
