import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { availableParallelism } from "node:os";
import { signatureHeaders } from "../core/platform/signatures";

/** Lanes of the bare POSTs: as many as the server's delivery runs send at once (core/automations/deliver.ts). */
const LANES = 16;
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
 * What one webhook delivery costs at the least, in µs of CPU: the signed POST of `body` and its receipt, `LANES` at a
 * time on kept-alive connections, nothing recorded. The receiver must run in this process, so that the process's
 * CPU counts both ends (the bench's receiver does).
 */
export async function barePostCpuMicros(hookUrl: string, body: string, count = 3_000): Promise<number> {
  const url = new URL(hookUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: LANES });
  const post = () =>
    new Promise<void>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          agent,
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            ...signatureHeaders("whsec_bare", body, new Date()),
          },
        },
        (res) => res.resume().on("end", resolve),
      );
      req.on("error", reject);
      req.end(body);
    });
  const run = async (n: number) => {
    let sent = 0;
    await Promise.all(
      Array.from({ length: LANES }, async () => {
        while (sent < n) {
          sent++;
          await post();
        }
      }),
    );
  };
  try {
    await run(500); // connections opened, code compiled
    const before = process.cpuUsage();
    await run(count);
    const used = process.cpuUsage(before);
    return (used.user + used.system) / count;
  } finally {
    agent.destroy();
  }
}

/**
 * The most of its rate a run can keep when `extraCpuSeconds` more must run on the same cores: its wall time against
 * the least the machine needs for its own CPU and the extra together (both cores busy throughout). A bound, not an
 * estimate: whatever else the extra work brings (statements, waits) only lowers the rate further.
 */
export function rateCeiling(
  wallMs: number,
  busySeconds: number,
  extraCpuSeconds: number,
  cores = availableParallelism(),
): number {
  return wallMs / Math.max(wallMs, ((busySeconds + extraCpuSeconds) / cores) * 1000);
}
