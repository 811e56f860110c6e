import { Agent, request } from "node:http";
import { signatureHeaders } from "../core/platform/signatures";

/** Lanes of the bare POSTs: as many as the server's delivery runs send at once (core/automations/deliver.ts). */
const LANES = 16;

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
export function rateCeiling(wallMs: number, busySeconds: number, extraCpuSeconds: number, cores: number): number {
  return wallMs / Math.max(wallMs, ((busySeconds + extraCpuSeconds) / cores) * 1000);
}
