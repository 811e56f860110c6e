import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FakeLlmStreams } from "../tests/support/fake-llm-streams";
import { kill, spawnServer } from "../tests/support/spawn-server";
import { fmt, quantile } from "./lib";

const KEY = { publicKey: "pk-sl-bench-playground", secretKey: "sk-sl-bench-playground" };
const auth = `Basic ${Buffer.from(`${KEY.publicKey}:${KEY.secretKey}`).toString("base64")}`;
const CALLS = 60;
const WARMUP = 5;
/** The provider fake's pace: its first content 100 ms after the request, then one chunk every 100 ms. */
const PACE_MS = 100;
const CHUNKS = 5;
const TARGET_MS = 20;

/** Milliseconds from sending `init` to `url` until the body first holds `marker`; the rest of the body is read to its end. */
async function timeToMarker(url: string, init: RequestInit, marker: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, init);
  if (!res.ok || !res.body) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  let seen = "";
  let at: number | null = null;
  const decoder = new TextDecoder();
  for await (const chunk of res.body) {
    if (at === null) {
      seen += decoder.decode(chunk, { stream: true });
      if (seen.includes(marker)) at = performance.now() - started;
    }
  }
  if (at === null) throw new Error(`${url}: no ${JSON.stringify(marker)} in the answer`);
  return at;
}

/** `CALLS` sequential calls after `WARMUP`, sorted times to the first content. */
async function measure(call: () => Promise<number>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) times.push(await call());
  return times.sort((a, b) => a - b);
}

/**
 * Issue 29's playground target (docs/playground.md): time to the first streamed delta through
 * `POST /v1/playground/completions` on `npm start`, against the provider fake's own first content byte asked
 * directly with the same streamed request (the baseline, same run).
 */
export async function benchPlayground(): Promise<string> {
  const fake = await new FakeLlmStreams().start();
  fake.fallback = {
    text: Array.from({ length: CHUNKS }, (_, i) => `word${i} `),
    usage: { input: 50, output: CHUNKS },
    paceMs: PACE_MS,
  };
  const dataDir = mkdtempSync(join(tmpdir(), "sightline-bench-playground-"));
  const server = await spawnServer({
    SIGHTLINE_DATA_DIR: dataDir,
    SIGHTLINE_INIT_PUBLIC_KEY: KEY.publicKey,
    SIGHTLINE_INIT_SECRET_KEY: KEY.secretKey,
    SIGHTLINE_LOG_LEVEL: "warn",
  });
  const messages = [{ role: "user", content: "Stream me five words" }];
  let direct: number[], playground: number[];
  try {
    const put = await fetch(`${server.url}/v1/providers/openai`, {
      method: "PUT",
      headers: { authorization: auth, "content-type": "application/json" },
      body: JSON.stringify({ apiKey: "sk-bench", baseUrl: `${fake.url}/v1` }),
    });
    if (!put.ok) throw new Error(`PUT /v1/providers/openai answered ${put.status}`);
    const providerBody = JSON.stringify({
      model: "gpt-4o-mini",
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    direct = await measure(() =>
      timeToMarker(
        `${fake.url}/v1/chat/completions`,
        {
          method: "POST",
          headers: { authorization: "Bearer sk-bench", "content-type": "application/json" },
          body: providerBody,
        },
        '"content":"word0',
      ),
    );
    const body = JSON.stringify({ provider: "openai", model: "gpt-4o-mini", messages });
    playground = await measure(() =>
      timeToMarker(
        `${server.url}/v1/playground/completions`,
        { method: "POST", headers: { authorization: auth, "content-type": "application/json" }, body },
        "event: delta",
      ),
    );
  } finally {
    await kill(server, "SIGTERM");
    await fake.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const p = (l: number[], q: number) => quantile(l, q);
  const over50 = p(playground, 0.5) - p(direct, 0.5);
  const over95 = p(playground, 0.95) - p(direct, 0.95);
  const verdict = (ok: boolean) => (ok ? "met" : "missed");
  return [
    "## Model playground (issue 29)",
    "",
    "| measure | target | playground | provider directly (baseline) | overhead |",
    "|---|---|---|---|---|",
    `| time to the first streamed delta, p50 | ≤ baseline + ${TARGET_MS} ms | ${fmt(p(playground, 0.5), 1)} ms | ${fmt(p(direct, 0.5), 1)} ms | **+${fmt(over50, 1)} ms** (${verdict(over50 <= TARGET_MS)}) |`,
    `| time to the first streamed delta, p95 | — | ${fmt(p(playground, 0.95), 1)} ms | ${fmt(p(direct, 0.95), 1)} ms | +${fmt(over95, 1)} ms |`,
    "",
    `\`npm start\` on embedded stores with the OpenAI credentials of the project pointing at a loopback fake (\`tests/support/fake-llm-streams.ts\`) that streams Chat Completions chunks at a fixed pace: its first content ${PACE_MS} ms after the request, then one every ${PACE_MS} ms, ${CHUNKS} in all, with usage. ${CALLS} sequential calls after ${WARMUP} warm-ups each. Baseline: the same streamed request sent straight to the fake, timed to the first byte of its first content chunk. Playground: \`POST /v1/playground/completions\` through the local server, timed to the first byte of its first \`delta\` event; on the way are authentication, the rate limit, opening the sealed key, the official \`openai\` SDK through the policy-checking fetch, its SSE parser, and the local server writing each event as it comes (each call is then recorded through the ingest path, after the stream). The p95 is the local ingest worker: each call's recording is processed in the same process soon after, and the API's event loop waits while the worker runs (the same stall the ingest section notes); on AWS the worker is a function of its own, and the target is on the median.`,
    "",
  ].join("\n");
}
