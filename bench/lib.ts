import { readFileSync } from "node:fs";
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

/** Resident set size of a process in MB (Linux). */
export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"))!;
  return Number(line.replace(/\D+/g, "")) / 1024;
}

export const fmt = (n: number, digits = 2) => n.toFixed(digits);
