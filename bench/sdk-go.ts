import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { goEnv } from "../tests/support/go-env";
import { kill, spawnServer } from "../tests/support/spawn-server";
import { fmt } from "./lib";

const KEY = { publicKey: "pk-sl-bench-sdk-go", secretKey: "sk-sl-bench-sdk-go" };
const sdkDir = fileURLToPath(new URL("../sdk/go/", import.meta.url));

interface GoBench {
  spans: number;
  spanP50Us: number;
  spanP99Us: number;
  startP50Us: number;
  endP50Us: number;
  events: number;
  eventsPerSecond: number;
  seconds: number;
  sent: number;
  dropped: number;
  lost: number;
  concurrency: number;
  goVersion: string;
}

/** `go run ./cmd/bench` in sdk/go against the service; its JSON line. */
function runGoBench(url: string): Promise<GoBench> {
  return new Promise((resolve, reject) => {
    const child = spawn("go", ["run", "./cmd/bench"], {
      cwd: sdkDir,
      env: goEnv({ SIGHTLINE_BASE_URL: url, SIGHTLINE_PUBLIC_KEY: KEY.publicKey, SIGHTLINE_SECRET_KEY: KEY.secretKey }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(out) as GoBench)
        : reject(new Error(`go run ./cmd/bench exited with ${code}:\n${err}`)),
    );
  });
}

/**
 * Issue 17 targets for the Go SDK: a span costs the caller's goroutine ≤ 5 µs at p50, and one
 * client delivers ≥ 10,000 events/s to the local service.
 */
export async function benchSdkGo(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "sightline-bench-sdk-go-"));
  const server = await spawnServer({
    SIGHTLINE_DATA_DIR: dataDir,
    SIGHTLINE_INIT_PUBLIC_KEY: KEY.publicKey,
    SIGHTLINE_INIT_SECRET_KEY: KEY.secretKey,
    SIGHTLINE_LOG_LEVEL: "warn",
  });
  try {
    const r = await runGoBench(server.url);
    const verdict = (ok: boolean) => (ok ? "met" : "missed");
    return [
      "## Go SDK (issue 17)",
      "",
      "| measure | target | result | |",
      "|---|---|---|---|",
      `| span start + end on the caller's goroutine, p50 | ≤ 5 µs | ${fmt(r.spanP50Us)} µs (p99 ${fmt(r.spanP99Us)} µs; start ${fmt(r.startP50Us)}, end ${fmt(r.endP50Us)}) | ${verdict(r.spanP50Us <= 5)} |`,
      `| events delivered by one client to \`npm start\` | ≥ 10,000 events/s | ${Math.round(r.eventsPerSecond).toLocaleString("en-US")} events/s | ${verdict(r.eventsPerSecond >= 10_000)} |`,
      "",
      `\`sdk/go/cmd/bench\` (${r.goVersion}) against \`npm start\` on embedded stores, both on this machine. Overhead: ${r.spans.toLocaleString("en-US")} spans, each started with a small map input and ended with a string output while the background sender delivers, timed one by one; the queue is kept under its bound between samples. Encoding happens here, on the caller's goroutine (so later changes to the values cannot race the sender); the network never does. Throughput: ${r.events.toLocaleString("en-US")} events recorded as fast as the queue takes them, until \`Flush\` returns: ${fmt(r.seconds, 1)} s, batches of 100, ${r.concurrency} requests in flight, ${r.sent.toLocaleString("en-US")} accepted, ${r.dropped} dropped, ${r.lost} lost. The service's API and worker share the cores with the client, so the figure is the service's ingest rate as much as the SDK's. One-minute load average at the end: ${fmt(loadavg()[0]!, 1)}.`,
      "",
    ].join("\n");
  } finally {
    await kill(server, "SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}
