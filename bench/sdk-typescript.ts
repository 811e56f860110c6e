import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { type IngestProblem, Sightline } from "../sdk/typescript/src/index.js";
import { kill, spawnServer } from "../tests/support/spawn-server";
import { fmt, quantile } from "./lib";

const KEY = { publicKey: "pk-sl-bench-sdk-ts", secretKey: "sk-sl-bench-sdk-ts" };
const OVERHEAD_SPANS = 50_000;
const THROUGHPUT_EVENTS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The caller's cost of one span (`span()` then `end()`: two events), timed call by call while the same
 * client flushes to the service in the background. Spans come in rounds of 500 with a pause between,
 * as an application makes them; a round waits while the queue is near its bound, so no span takes the
 * cheaper drop path.
 */
async function overhead(sl: Sightline): Promise<{ span: number[]; create: number[] }> {
  const span: number[] = [];
  const create: number[] = [];
  const trace = sl.trace({ name: "bench-overhead" });
  for (let round = 0; span.length < OVERHEAD_SPANS; round++) {
    for (let i = 0; i < 500; i++) {
      const t0 = performance.now();
      const s = trace.span({ name: "step", input: { i } });
      const t1 = performance.now();
      s.end({ output: { ok: true } });
      const t2 = performance.now();
      if (round > 4) {
        create.push((t1 - t0) * 1000);
        span.push((t2 - t0) * 1000);
      }
    }
    await sleep(2);
    while (sl.pendingEvents > 8_000) await sleep(1);
  }
  await sl.flush();
  return { span: span.sort((a, b) => a - b), create: create.sort((a, b) => a - b) };
}

/** Events per second from the first call to the end of flush(), the producer waiting whenever the queue is near its bound. */
async function throughput(sl: Sightline, events: number): Promise<{ perSecond: number; requests: number }> {
  const before = sl.stats();
  const started = performance.now();
  const trace = sl.trace({ name: "bench-throughput" });
  for (let i = 1; i < events; i++) {
    trace.event({ name: "tick", metadata: { i } });
    if (i % 500 === 0) while (sl.pendingEvents > 9_000) await sleep(1);
  }
  await sl.flush();
  const seconds = (performance.now() - started) / 1000;
  const after = sl.stats();
  if (after.sent - before.sent !== events || after.failed !== before.failed || after.dropped !== before.dropped)
    throw new Error(`lost events: ${JSON.stringify({ before, after })}`);
  return { perSecond: events / seconds, requests: Math.ceil(events / 100) };
}

/** The floor: the same batches built beforehand and POSTed by a bare loop, 4 in flight, with no SDK in the way. */
async function rawThroughput(baseUrl: string, events: number): Promise<number> {
  const authorization = `Basic ${Buffer.from(`${KEY.publicKey}:${KEY.secretKey}`).toString("base64")}`;
  const now = new Date().toISOString();
  const bodies: string[] = [];
  for (let b = 0; b < events / 100; b++) {
    const batch = Array.from({ length: 100 }, (_, i) => ({
      id: crypto.randomUUID(),
      type: "event-create",
      timestamp: now,
      body: {
        id: crypto.randomUUID(),
        traceId: "bench-raw",
        name: "tick",
        startTime: now,
        metadata: { i: b * 100 + i },
      },
    }));
    bodies.push(JSON.stringify({ batch }));
  }
  const started = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < bodies.length) {
      const res = await fetch(`${baseUrl}/v1/ingest`, {
        method: "POST",
        headers: { authorization, "content-type": "application/json" },
        body: bodies[next++],
      });
      if (res.status !== 207) throw new Error(`raw ingest answered ${res.status}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
  return events / ((performance.now() - started) / 1000);
}

/**
 * Issue 17 targets for the TypeScript SDK: per-span overhead on the caller's thread ≤ 5 µs p50, and one
 * client flushing to the local service at ≥ 10,000 events/s.
 */
export async function benchSdkTypescript(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "sightline-bench-sdk-ts-"));
  const server = await spawnServer({
    SIGHTLINE_DATA_DIR: dataDir,
    SIGHTLINE_INIT_PUBLIC_KEY: KEY.publicKey,
    SIGHTLINE_INIT_SECRET_KEY: KEY.secretKey,
    SIGHTLINE_LOG_LEVEL: "warn",
  });
  const problems: IngestProblem[] = [];
  const client = (maxConcurrentRequests?: number) =>
    new Sightline({
      baseUrl: server.url,
      ...KEY,
      flushOnExit: false,
      maxConcurrentRequests,
      onError: (p) => problems.push(p),
    });
  try {
    const warm = client();
    await throughput(warm, 5_000);
    const { span, create } = await overhead(warm);
    await warm.shutdown();

    const one = client(1);
    const serial = await throughput(one, THROUGHPUT_EVENTS);
    await one.shutdown();
    const four = client();
    const concurrent = await throughput(four, THROUGHPUT_EVENTS);
    await four.shutdown();
    const raw = await rawThroughput(server.url, THROUGHPUT_EVENTS);
    if (problems.length) throw new Error(`events lost: ${problems[0]!.message}`);

    const us = (xs: number[], q: number) => `${fmt(quantile(xs, q))} µs`;
    return [
      "## TypeScript SDK (issue 17)",
      "",
      "| measure | target | result |",
      "|---|---|---|",
      `| per-span overhead on the caller's thread (\`span()\` + \`end()\`), p50 | ≤ 5 µs | ${us(span, 0.5)} |`,
      `| the same, p99 | — | ${us(span, 0.99)} |`,
      `| \`span()\` alone, p50 / p99 | — | ${us(create, 0.5)} / ${us(create, 0.99)} |`,
      `| one client flushing to the local service (4 requests in flight, the default) | ≥ 10,000 events/s | ${Math.round(concurrent.perSecond)} events/s |`,
      `| the same with one request in flight | — | ${Math.round(serial.perSecond)} events/s |`,
      `| floor: the same batches pre-serialised and POSTed by a bare loop, 4 in flight | — | ${Math.round(raw)} events/s (the SDK reaches ${fmt(concurrent.perSecond / raw)}× of it) |`,
      "",
      `\`npm start\` on embedded stores with its worker draining in the same process, on loopback; the client is \`sdk/typescript\` in the benchmark's process. Overhead: ${span.length} spans timed one by one with \`performance.now()\` (its own cost included) in rounds of 500 with a 2 ms pause (longer while more than 8,000 events are pending), while the client sends in the background; each span queues two events (create and update), whose ids and ISO timestamps are made at send time, off the caller's path. Throughput: ${THROUGHPUT_EVENTS} \`event-create\` events from one client, from the first call until \`flush()\` resolved with every event accepted (207), in batches of 100 (${serial.requests} requests); the producer waits whenever more than 9,000 events are pending, under the 10,000-event queue bound. One-minute load average at the end: ${fmt(loadavg()[0]!, 1)}.`,
      "",
    ].join("\n");
  } finally {
    await kill(server, "SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}
