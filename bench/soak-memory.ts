import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { kill, spawnServer } from "../tests/support/spawn-server";
import { KEY, makeBatch, post } from "./ingest-client";

/*
 * Where the ingest soak's RSS goes (issue 32; docs/ingest.md, "Memory"): `npm start` with the opt-in memory log,
 * batches of bench/ingest.ts's shape at a steady rate, and the server's own samples (V8 heaps, external, PGlite's
 * WASM heap, chDB's tracked memory) written as JSON lines. Not part of `npm run bench`: a diagnosis tool.
 *   npx tsx bench/soak-memory.ts [eventsPerSecond=6000] [minutes=4] [out=/tmp/soak-memory.jsonl]
 * SOAK_NODE_ARGS="--expose-gc" samples the live set (a full collection before each sample); SOAK_ENV="K=V,K=V" adds
 * server environment (SIGHTLINE_INGEST_THREAD=false, say).
 */

const [rate = 6000, minutes = 4] = process.argv.slice(2, 4).map(Number);
const out = process.argv[4] ?? "/tmp/soak-memory.jsonl";

const dataDir = mkdtempSync(join(tmpdir(), "sightline-soak-memory-"));
const server = await spawnServer(
  {
    SIGHTLINE_DATA_DIR: dataDir,
    SIGHTLINE_INIT_PUBLIC_KEY: KEY.publicKey,
    SIGHTLINE_INIT_SECRET_KEY: KEY.secretKey,
    SIGHTLINE_MEMORY_LOG_SECONDS: "10",
    ...Object.fromEntries(
      (process.env.SOAK_ENV ?? "")
        .split(",")
        .filter(Boolean)
        .map((kv) => kv.split("=")),
    ),
  },
  300_000,
  (process.env.SOAK_NODE_ARGS ?? "").split(" ").filter(Boolean),
);
const agent = new Agent({ keepAlive: true, maxSockets: 16 });
const every = (50 / rate) * 1000;
const started = performance.now();
const end = started + minutes * 60_000;
const inFlight = new Set<Promise<unknown>>();
let posted = 0;
let refused = 0;
for (let due = started; due < end; due += every) {
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const p: Promise<unknown> = post(agent, `${server.url}/v1/ingest`, JSON.stringify({ batch: makeBatch() })).then(
    (s) => {
      if (s === 207) posted++;
      else refused++;
      inFlight.delete(p);
    },
  );
  inFlight.add(p);
}
await Promise.all(inFlight);
// One more sample after the load, while the worker drains.
await new Promise((r) => setTimeout(r, 25_000));
agent.destroy();
const lines = server
  .output()
  .split("\n")
  .filter((l) => l.startsWith('{"time"'));
writeFileSync(out, `${lines.join("\n")}\n`);
console.log(`posted ${posted}, refused ${refused}, ${lines.length} samples in ${out}`);
await kill(server, "SIGTERM");
rmSync(dataDir, { recursive: true, force: true });
