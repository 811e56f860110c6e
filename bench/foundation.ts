import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { kill, spawnServer } from "../tests/support/spawn-server";
import { fmt, latencies, quantile, rssMb, spawnScriptServer, waitIdle } from "./lib";

const KEY = { publicKey: "pk-sl-bench", secretKey: "sk-sl-bench" };
const auth = { authorization: `Basic ${Buffer.from(`${KEY.publicKey}:${KEY.secretKey}`).toString("base64")}` };

/** Raw baseline: a bare node:http server answering a small JSON body, in its own process. */
async function rawBaseline(count: number) {
  const script = `require("http").createServer((q,s)=>{s.writeHead(200,{"content-type":"application/json"});s.end('{"data":[]}')}).listen(0,"127.0.0.1",function(){console.log(this.address().port)})`;
  const { url, child } = await spawnScriptServer(script);
  await latencies(`${url}/`, {}, 500);
  const lat = await latencies(`${url}/`, {}, count);
  child.kill();
  return lat;
}

async function timeToFirst200(dataDir: string) {
  const started = performance.now();
  const server = await spawnServer({
    SIGHTLINE_DATA_DIR: dataDir,
    SIGHTLINE_INIT_PUBLIC_KEY: KEY.publicKey,
    SIGHTLINE_INIT_SECRET_KEY: KEY.secretKey,
    SIGHTLINE_LOG_LEVEL: "warn",
  });
  const res = await fetch(`${server.url}/v1/projects`, { headers: auth });
  if (res.status !== 200) throw new Error(`first call answered ${res.status}`);
  return { server, ms: performance.now() - started };
}

/** Issue 2 targets: warm start to first authenticated 200 ≤ 3 s; idle RSS ≤ 1.2 GB; authenticated GET p99 ≤ 5 ms. */
export async function benchFoundation(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "sightline-bench-"));
  try {
    const cold = await timeToFirst200(dataDir);
    await kill(cold.server, "SIGTERM");
    const warm = await timeToFirst200(dataDir);
    // Idle: a server just started keeps both cores busy for a second or two after its first answer.
    await waitIdle(warm.server.child.pid!);
    const idleRss = rssMb(warm.server.child.pid!);
    const url = `${warm.server.url}/v1/projects`;
    await latencies(url, auth, 500);
    const ours = await latencies(url, auth, 5000);
    await kill(warm.server, "SIGTERM");
    const raw = await rawBaseline(5000);
    const p = (l: number[], q: number) => fmt(quantile(l, q));
    return [
      "## Foundation (issue 2)",
      "",
      "| measure | target | result | raw baseline | ratio |",
      "|---|---|---|---|---|",
      `| start to first authenticated 200, new data dir | — | ${fmt(cold.ms, 0)} ms | — | — |`,
      `| start to first authenticated 200, warm data dir | ≤ 3000 ms | ${fmt(warm.ms, 0)} ms | — | — |`,
      `| idle RSS after start | ≤ 1200 MB | ${fmt(idleRss, 0)} MB | — | — |`,
      `| authenticated GET /v1/projects p50 | — | ${p(ours, 0.5)} ms | ${p(raw, 0.5)} ms | ${fmt(quantile(ours, 0.5) / quantile(raw, 0.5), 1)}× |`,
      `| authenticated GET /v1/projects p99 | ≤ 5 ms | ${p(ours, 0.99)} ms | ${p(raw, 0.99)} ms | ${fmt(quantile(ours, 0.99) / quantile(raw, 0.99), 1)}× |`,
      "",
      "Sequential keep-alive requests on loopback (5,000 after 500 warm-up), once the server is idle after its start (also when idle RSS is read). The raw baseline is a bare `node:http` server answering a small JSON body in its own process, measured in the same run. The start time includes spawning Node, tsx, opening PGlite and chDB, migrations and the bootstrap key check.",
      "",
    ].join("\n");
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
