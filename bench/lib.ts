import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { Agent, request } from "node:http";

export const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Sequential keep-alive GETs on loopback; returns sorted latencies in ms. */
export async function latencies(url: string, headers: Record<string, string>, count: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const req = request(url, { agent, headers }, (res) => {
        res.resume();
        res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
      });
      req.on("error", reject);
      req.end();
    });
    out.push(performance.now() - started);
  }
  agent.destroy();
  return out.sort((a, b) => a - b);
}

/**
 * A baseline server in a process of its own: `script` runs under `node -e` with `args` and prints the port it listens
 * on first thing (every raw baseline's server prints it, and nothing else, on stdout).
 */
export async function spawnScriptServer(
  script: string,
  args: string[] = [],
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ["-e", script, ...args], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((r) => child.stdout!.once("data", (d) => r(Number(String(d).trim()))));
  return { url: `http://127.0.0.1:${port}`, child };
}

/** Resident set size of a process in MB (Linux). */
export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"))!;
  return Number(line.replace(/\D+/g, "")) / 1024;
}

/** utime + stime of one `/proc/.../stat` line, in seconds (clock ticks of 1/100 s on Linux). */
function statCpuSeconds(stat: string): number {
  // The command name may hold spaces and parentheses: the fields counted start after its closing one.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of the line (11 and 12 here).
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

/**
 * CPU seconds the whole machine has spent so far, every core (Linux, the first line of `/proc/stat`): user, nice,
 * system, irq, softirq and steal; idle and iowait left out.
 */
export function machineBusySeconds(): number {
  const fields = readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS;
}

/**
 * chDB's background threads, by the names it gives them: merges of the parts inserts left, and housekeeping. They
 * follow the volume of data written, not the work of a request, and run whenever the engine decides.
 */
const CHDB_BACKGROUND = new Set(["MergeMutate", "BgSchPool", "BgStrmSchPool", "PoolDelayExec", "MemoryWorker"]);

/**
 * CPU seconds a process has spent so far on its requests (Linux): the whole process (`/proc/<pid>/stat`, which
 * keeps the time of threads that have ended) less chDB's background threads (`CHDB_BACKGROUND`); so Node's threads
 * (the API's, worker threads, libuv's pool) and chDB's query threads (the inserts themselves).
 */
export function requestCpuSeconds(pid: number): number {
  let background = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
    } catch {
      continue; // the thread ended between the listing and the read
    }
    if (CHDB_BACKGROUND.has(stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"))))
      background += statCpuSeconds(stat);
  }
  return statCpuSeconds(readFileSync(`/proc/${pid}/stat`, "utf8")) - background;
}

/**
 * Waits until process `pid` spends less than `maxCpuSeconds` of CPU over `windowMs` (Linux): a server just started
 * keeps both cores busy for a second or two (migrations, caches, first compiles), which a measurement must not share.
 */
export async function waitIdle(pid: number, windowMs = 500, maxCpuSeconds = 0.03, timeoutMs = 60_000): Promise<void> {
  const cpu = () => statCpuSeconds(readFileSync(`/proc/${pid}/stat`, "utf8"));
  const until = performance.now() + timeoutMs;
  for (let before = cpu(); performance.now() < until; ) {
    await new Promise((r) => setTimeout(r, windowMs));
    const now = cpu();
    if (now - before < maxCpuSeconds) return;
    before = now;
  }
  throw new Error(`process ${pid} was still busy after ${timeoutMs} ms`);
}

/** The middle value, or the mean of the two middle ones for an even count. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const fmt = (n: number, digits = 2) => n.toFixed(digits);
