import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { kill, spawnServer } from "../tests/support/spawn-server";
import { fmt, quantile } from "./lib";

const KEY = { publicKey: "pk-sl-bench-prompts", secretKey: "sk-sl-bench-prompts" };
const auth = `Basic ${Buffer.from(`${KEY.publicKey}:${KEY.secretKey}`).toString("base64")}`;

const LEAVES = 100;
const MIDS = 100;
const TOPS = 800;
const include = (name: string) => `@@@servicePrompt:name=${name}|label=production@@@`;

/** One keep-alive request; resolves with the status after the body is read. */
function call(agent: Agent, base: string, method: string, path: string, body?: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${base}${path}`,
      { agent, method, headers: { authorization: auth, ...(payload ? { "content-type": "application/json" } : {}) } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** Sequential GETs of each path in turn; sorted latencies in ms. Any answer but 200 aborts. */
async function timed(agent: Agent, base: string, paths: string[]): Promise<number[]> {
  const out: number[] = [];
  for (const path of paths) {
    const started = performance.now();
    const status = await call(agent, base, "GET", path);
    out.push(performance.now() - started);
    if (status !== 200) throw new Error(`GET ${path} answered ${status}`);
  }
  return out.sort((a, b) => a - b);
}

/**
 * Issue 5 targets: resolve with 2-level includes over HTTP on 1,000 prompts, cached
 * p99 ≤ 2 ms and uncached p99 ≤ 10 ms. 800 top prompts each include one of 100 mid
 * prompts, each including one of 100 leaves, all through the `production` channel.
 */
export async function benchPrompts(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "sightline-bench-prompts-"));
  const server = await spawnServer({
    SIGHTLINE_DATA_DIR: dataDir,
    SIGHTLINE_INIT_PUBLIC_KEY: KEY.publicKey,
    SIGHTLINE_INIT_SECRET_KEY: KEY.secretKey,
    SIGHTLINE_LOG_LEVEL: "warn",
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const saveText = async (name: string, content: string) => {
      const status = await call(agent, server.url, "POST", "/v1/prompts", {
        name,
        type: "TEXT",
        content,
        labels: ["production"],
      });
      if (status !== 201) throw new Error(`saving ${name} answered ${status}`);
    };
    for (let i = 0; i < LEAVES; i++) await saveText(`leaf-${i}`, `Leaf ${i} says {{greeting}} to {{name}}.`);
    for (let i = 0; i < MIDS; i++) await saveText(`mid-${i}`, `Mid ${i}: ${include(`leaf-${i % LEAVES}`)}`);
    for (let i = 0; i < TOPS; i++)
      await saveText(`top-${i}`, `You are assistant ${i}. ${include(`mid-${i % MIDS}`)} Answer in {{language}}.`);
    const tops = Array.from({ length: TOPS }, (_, i) => `/v1/prompts/top-${i}`);

    // Warm-up on other keys (mids), so the top prompts' first resolves stay misses.
    await timed(
      agent,
      server.url,
      Array.from({ length: MIDS }, (_, i) => `/v1/prompts/mid-${i}?channel=production`),
    );
    await timed(
      agent,
      server.url,
      Array.from({ length: 500 }, (_, i) => `/v1/prompts/mid-${i % MIDS}?channel=production`),
    );
    const floor = await timed(
      agent,
      server.url,
      Array.from({ length: 2000 }, () => "/v1/projects"),
    );

    // Uncached: the first resolve of each (prompt, selector) pair.
    const uncached = await timed(agent, server.url, [
      ...tops.map((p) => `${p}?channel=production`),
      ...tops.map((p) => `${p}?version=1`),
      ...tops.map((p) => `${p}?channel=latest`),
    ]);
    // Cached: the same pairs again, round-robin.
    const cached = await timed(
      agent,
      server.url,
      Array.from({ length: 6000 }, (_, i) => `${tops[i % TOPS]}?channel=production`),
    );

    const p = (l: number[], q: number) => fmt(quantile(l, q));
    return [
      "## Prompt registry (issue 5)",
      "",
      "| measure | target | p50 | p99 |",
      "|---|---|---|---|",
      `| resolve with 2-level includes, cached (\`GET /v1/prompts/{name}?channel=production\`) | p99 ≤ 2 ms | ${p(cached, 0.5)} ms | ${p(cached, 0.99)} ms |`,
      `| resolve with 2-level includes, uncached | p99 ≤ 10 ms | ${p(uncached, 0.5)} ms | ${p(uncached, 0.99)} ms |`,
      `| authenticated \`GET /v1/projects\` in the same run (floor) | — | ${p(floor, 0.5)} ms | ${p(floor, 0.99)} ms |`,
      "",
      `${LEAVES + MIDS + TOPS} prompts: ${TOPS} top prompts each include one of ${MIDS} mid prompts, each including one of ${LEAVES} leaves, all through the \`production\` channel. Sequential keep-alive requests on loopback against \`npm start\` on embedded stores. Uncached: the first resolve of each of the ${TOPS} top prompts under three selectors (\`channel=production\`, \`version=1\`, \`channel=latest\`), ${uncached.length} requests. Cached: ${cached.length} repeated resolves round-robin over the ${TOPS} prompts. A cached answer still costs the authentication read and the project's prompt-generation read that keeps the caches of all instances fresh. One-minute load average at the end: ${fmt(loadavg()[0]!, 1)}.`,
      "",
    ].join("\n");
  } finally {
    agent.destroy();
    await kill(server, "SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}
