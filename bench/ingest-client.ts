import { randomUUID } from "node:crypto";
import { Agent, request } from "node:http";

/*
 * The ingest benchmarks' load: the bench project's key, its 50-event batch, and the HTTP client that posts batches
 * and waits for the worker to apply them (bench/ingest.ts and the benches built on its end-to-end run).
 */

export const KEY = { publicKey: "pk-sl-bench", secretKey: "sk-sl-bench" };
export const AUTH = `Basic ${Buffer.from(`${KEY.publicKey}:${KEY.secretKey}`).toString("base64")}`;
export const BATCH = 50;
/** Concurrent clients in the end-to-end run: a service is fed by many SDKs at once. */
export const CLIENTS = 16;

/** A realistic 50-event batch: 5 traces, each with a span, 3 generations with usage and an update. */
export function makeBatch(): unknown[] {
  const now = new Date().toISOString();
  const events: unknown[] = [];
  for (let t = 0; t < 5; t++) {
    const traceId = randomUUID();
    const span = randomUUID();
    const ev = (type: string, body: Record<string, unknown>) =>
      events.push({ id: randomUUID(), type, timestamp: now, body });
    ev("trace-create", {
      id: traceId,
      name: "chat",
      userId: `u-${t}`,
      sessionId: "s-1",
      input: { q: "What is the capital of France?" },
      tags: ["bench"],
    });
    ev("span-create", { id: span, traceId, name: "retrieve", startTime: now, input: { query: "capital of France" } });
    ev("span-update", { id: span, traceId, endTime: now, output: { docs: ["Paris is the capital of France."] } });
    for (let g = 0; g < 3; g++) {
      const gen = randomUUID();
      ev("generation-create", {
        id: gen,
        traceId,
        parentObservationId: span,
        name: "llm",
        startTime: now,
        model: "gpt-4o-mini",
        input: [{ role: "user", content: "What is the capital of France?" }],
      });
      ev("generation-update", {
        id: gen,
        traceId,
        endTime: now,
        output: { role: "assistant", content: "Paris." },
        usageDetails: { input: 120, output: 8 },
      });
    }
    ev("score-create", { traceId, name: "quality", value: 0.9 });
  }
  return events.slice(0, BATCH);
}

export function post(agent: Agent, url: string, body: string, again = false): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        agent,
        headers: { authorization: AUTH, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      // A kept-alive socket the server closed as idle (after 5 s) just as this request went out on it: nothing was
      // answered, so the batch goes again on a new socket, as an SDK sends it again (Node's documented pattern).
      if (req.reusedSocket && error.code === "ECONNRESET" && !again) resolve(post(agent, url, body, true));
      else reject(error);
    });
    req.end(body);
  });
}

/** One POST timed in ms; anything but a 207 or 200 ends the run. */
export async function timedPost(agent: Agent, url: string, body: string): Promise<number> {
  const started = performance.now();
  const status = await post(agent, url, body);
  if (status !== 207 && status !== 200) throw new Error(`POST answered ${status}`);
  return performance.now() - started;
}

/** Sequential POSTs; sorted latencies in ms. */
export async function postLatencies(url: string, bodies: string[]): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const out: number[] = [];
  for (const body of bodies) out.push(await timedPost(agent, url, body));
  agent.destroy();
  return out.sort((a, b) => a - b);
}

async function health(url: string) {
  const res = await fetch(`${url}/v1/ingest/health`, { headers: { authorization: AUTH } });
  return (await res.json()) as { queueDepth: number; queueInFlight: number };
}

export async function waitDrained(url: string) {
  for (;;) {
    const h = await health(url);
    if (h.queueDepth + h.queueInFlight === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Posts `batches` from CLIENTS clients at once; resolves when every one has been answered. */
async function postAll(agent: Agent, url: string, batches: string[]) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < batches.length) await post(agent, `${url}/v1/ingest`, batches[next++]!);
    }),
  );
}

/** HTTP → queryable: `batches` batches sent by CLIENTS clients at once; the clock stops when the worker has applied the last one. */
export async function endToEnd(url: string, batches: string[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  const started = performance.now();
  await postAll(agent, url, batches);
  await waitDrained(url);
  agent.destroy();
  return performance.now() - started;
}

/** Accepting alone (no worker) at the end-to-end run's concurrency: the ceiling of end to end on this machine. */
export async function acceptThroughput(url: string, batches: string[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  const started = performance.now();
  await postAll(agent, url, batches);
  agent.destroy();
  return performance.now() - started;
}

export async function tracesStored(url: string): Promise<number> {
  const res = await fetch(`${url}/api/public/traces?limit=1`, { headers: { authorization: AUTH } });
  return ((await res.json()) as { meta: { totalItems: number } }).meta.totalItems;
}
