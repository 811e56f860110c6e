import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The node arguments of `npm start` (package.json), so tests and benchmarks run what users run. */
const START_ARGS = ["--max-semi-space-size=64", "--import", "tsx", "functions/local/main.ts"];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export interface Spawned {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Runs `npm start`'s entry point as its own process and waits for it to listen. */
export async function spawnServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
  nodeArgs: readonly string[] = [],
): Promise<Spawned> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, ...START_ARGS], {
    cwd: root,
    // Embedded stores unless the caller names a server: a CI pass with DATABASE_URL must not leak in here.
    // No rate limits unless the caller sets them: benchmarks and crash tests send far more than the defaults allow.
    env: {
      ...process.env,
      DATABASE_URL: "",
      SIGHTLINE_LOG_LEVEL: "warn",
      SIGHTLINE_RATE_LIMITS: "off",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), timeoutMs);
    const check = () => {
      if (out.includes("listening on")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", check);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return { child, url: `http://127.0.0.1:${port}`, output: () => out };
}

export async function kill(s: Spawned, signal: NodeJS.Signals = "SIGKILL") {
  if (s.child.exitCode !== null) return;
  const exited = new Promise((r) => s.child.once("exit", r));
  s.child.kill(signal);
  await exited;
}
