import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { ClickHouseTelemetryStore } from "../core/adapters/clickhouse/telemetry-store";
import { openPglite } from "../core/adapters/postgres/pglite";
import { MetricsQuery, metricsStatement } from "../core/traces";
import { kill, type Spawned, spawnServer } from "../tests/support/spawn-server";
import { fmt, quantile } from "./lib";

const KEY = { publicKey: "pk-sl-bench-reads", secretKey: "sk-sl-bench-reads" };
const AUTH = `Basic ${Buffer.from(`${KEY.publicKey}:${KEY.secretKey}`).toString("base64")}`;
const OBSERVATIONS = 10_000_000;
const CHUNK = 1_000_000;
const DAY_MS = 86_400_000;
/** Paced ingest during the "while ingesting" runs: 20 batches of 50 events per second. */
const INGEST_BATCHES_PER_SECOND = 20;

const log = (...args: unknown[]) => console.error("[bench reads]", ...args);

/**
 * Baseline data straight into chDB: 1M traces of 10 observations (spans, generations with
 * usage and cost, events) over the last 30 days, one in five generations written as a create
 * and a later update (two partial rows to fold), 1M scores. Generated with INSERT … SELECT.
 * Every row carries its trace's day partition (`bucket`, the day of the trace's first row),
 * as the worker assigns it; {@link mirrorTraces} records the same days in Postgres.
 */
export async function generate(store: ClickHouseTelemetryStore, projectId: string, now: number) {
  const start = now - 30 * DAY_MS;
  const perTrace = Math.floor((30 * DAY_MS) / (OBSERVATIONS / 10));
  const p = { projectId, start: new Date(start).toISOString().replace("T", " ").replace("Z", "") };
  const base = `toDateTime64({start:String}, 3, 'UTC')`;
  const gen = "n % 10 IN (1, 2, 5, 7)";
  const split = `(${gen} AND n % 5 = 0)`;
  const usage =
    "map('input', toFloat64(100 + n % 900), 'output', toFloat64(10 + n % 300), 'total', toFloat64(110 + n % 900 + n % 300))";
  const cost =
    "map('input', (100 + n % 900) * 2.5e-6, 'output', (10 + n % 300) * 1e-5, 'total', (100 + n % 900) * 2.5e-6 + (10 + n % 300) * 1e-5)";
  for (let off = 0; off < OBSERVATIONS; off += CHUNK) {
    const rows = `(SELECT number + ${off} AS n, intDiv(number + ${off}, 10) AS t, ${base} + toIntervalMillisecond(intDiv(number + ${off}, 10) * ${perTrace} + (number % 10) * 150) AS ts,
      toDate(${base} + toIntervalMillisecond(intDiv(number + ${off}, 10) * ${perTrace})) AS bucket FROM numbers(${CHUNK}))`;
    const ids = `{projectId:String}, bucket, lower(hex(MD5(concat({projectId:String}, toString(t))))), lower(hex(MD5(concat('o', toString(n)))))`;
    await store.command(
      `INSERT INTO observations (project_id, bucket, trace_id, id, type, name, start_time, end_time, level, environment, model, input, usage_details, cost_computed, created_at, updated_at)
       SELECT ${ids}, (ts, ['span','generation','generation','span','event','generation','span','generation','span','span'][n % 10 + 1]),
         (ts, ['retrieve','llm','llm','tool','cache','llm','rerank','llm','plan','parse'][n % 10 + 1]),
         ts, if(n % 10 = 4 OR ${split}, NULL, ts + toIntervalMillisecond(cityHash64(n) % 5000)),
         (ts, if(cityHash64(n) % 100 = 0, 'ERROR', 'DEFAULT')), (ts, ['production','staging','development'][t % 3 + 1]),
         (ts, if(${gen}, ['gpt-4o','gpt-4o-mini','claude-3-5-sonnet','llama-3-70b','mistral-large'][cityHash64(t) % 5 + 1], NULL)),
         (ts, concat('{"question":"what is item ', toString(n), ' about?"}')),
         (ts, if(${gen} AND NOT ${split}, ${usage}, map())), (ts, if(${gen} AND NOT ${split}, ${cost}, map())), ts, ts
       FROM ${rows}`,
      p,
    );
    await store.command(
      `INSERT INTO observations (project_id, bucket, trace_id, id, end_time, output, usage_details, cost_computed, created_at, updated_at)
       SELECT ${ids}, ts + toIntervalMillisecond(cityHash64(n) % 8000), (ts + toIntervalSecond(1), '"done"'),
         (ts + toIntervalSecond(1), ${usage}), (ts + toIntervalSecond(1), ${cost}), ts + toIntervalSecond(1), ts + toIntervalSecond(1)
       FROM ${rows} WHERE ${split}`,
      p,
    );
    const traces = `(SELECT number + ${off / 10} AS t, ${base} + toIntervalMillisecond((number + ${off / 10}) * ${perTrace}) AS ts FROM numbers(${CHUNK / 10}))`;
    await store.command(
      `INSERT INTO traces (project_id, bucket, id, timestamp, name, user_id, session_id, environment, tags, created_at, updated_at)
       SELECT {projectId:String}, toDate(ts), lower(hex(MD5(concat({projectId:String}, toString(t))))), ts, (ts, 'chat'), (ts, concat('user-', toString(t % 5000))),
         (ts, concat('session-', toString(intDiv(t, 7)))), (ts, ['production','staging','development'][t % 3 + 1]), ['bench'], ts, ts
       FROM ${traces}`,
      p,
    );
    await store.command(
      `INSERT INTO scores (project_id, bucket, trace_id, id, name, value, data_type, source, environment, timestamp, created_at, updated_at)
       SELECT {projectId:String}, toDate(ts), lower(hex(MD5(concat({projectId:String}, toString(t))))), lower(hex(MD5(concat('s', toString(t))))),
         (ts, if(t % 2 = 0, 'quality', 'relevance')), (ts, (t % 100) / 100), (ts, 'NUMERIC'), (ts, 'API'), (ts, ['production','staging','development'][t % 3 + 1]), ts, ts, ts
       FROM ${traces}`,
      p,
    );
    log(`generated ${off + CHUNK} observations`);
  }
  // Let background merges settle, as on a service whose bulk load is behind it.
  const deadline = Date.now() + 5 * 60_000;
  while (Date.now() < deadline) {
    const [m] = await store.query<{ n: number }>("SELECT toUInt32(count()) AS n FROM system.merges");
    if (Number(m!.n) === 0) break;
    await new Promise((r) => setTimeout(r, 2000));
  }
  // A day stops receiving inserts once it is over, and an hour later min_age_to_force_merge_seconds
  // (migration 0003) merges it into one part. The bench does not wait an hour: it runs the same
  // merge now, for every day before today. Today's partition stays as the inserts left it.
  const today = new Date(now).toISOString().slice(0, 10).replaceAll("-", "");
  const days = await store.query<{ table: string; partition_id: string }>(
    "SELECT DISTINCT table, partition_id FROM system.parts WHERE active AND database = currentDatabase() AND table IN ('observations', 'traces', 'scores') AND partition_id < {today:String}",
    { today },
  );
  for (const d of days) await store.command(`OPTIMIZE TABLE ${d.table} PARTITION ID '${d.partition_id}' FINAL`);
  return store.query<{ table: string; parts: number; rows: string; bytes: string }>(
    "SELECT table, toUInt32(count()) AS parts, toString(sum(rows)) AS rows, toString(sum(bytes_on_disk)) AS bytes FROM system.parts WHERE active AND table IN ('observations', 'traces', 'scores') GROUP BY table ORDER BY table",
  );
}

/** The trace mirror rows of the generated traces (same ids and days), straight into the data dir's PGlite. */
export async function mirrorTraces(dataDir: string, projectId: string, now: number) {
  const start = now - 30 * DAY_MS;
  const perTrace = Math.floor((30 * DAY_MS) / (OBSERVATIONS / 10));
  const pg = await openPglite({ dataDir: join(dataDir, "pg") });
  try {
    await pg.db.execute(sql`
      INSERT INTO trace_mirror (project_id, kind, key, bucket, created_at)
      SELECT ${projectId}, 'trace', md5(${projectId} || t::text), ((to_timestamp(${start / 1000}) + (t::bigint * ${perTrace}) * interval '1 millisecond') AT TIME ZONE 'UTC')::date, now()
      FROM generate_series(0, ${OBSERVATIONS / 10 - 1}) AS t
      ON CONFLICT DO NOTHING`);
  } finally {
    await pg.close();
  }
}

function getOnce(agent: Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent, headers: { authorization: AUTH } }, (res) => {
      res.resume();
      res.on("end", () =>
        res.statusCode === 200
          ? resolve(performance.now() - started)
          : reject(new Error(`GET ${url} answered ${res.statusCode}`)),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

async function timeGets(url: string, count: number, warmup = 2): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < warmup; i++) await getOnce(agent, url);
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(await getOnce(agent, url));
  agent.destroy();
  return out.sort((a, b) => a - b);
}

async function firstCursor(url: string): Promise<string> {
  const res = await fetch(url, { headers: { authorization: AUTH } });
  return ((await res.json()) as { nextCursor: string }).nextCursor;
}

/** Paced ingest into the same project until stopped; resolves with the events accepted. */
function startIngest(url: string): { stop: () => Promise<number> } {
  let running = true;
  let events = 0;
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const batch = () => {
    const now = new Date().toISOString();
    const out: unknown[] = [];
    for (let t = 0; t < 5; t++) {
      const traceId = randomUUID();
      const ev = (type: string, body: Record<string, unknown>) =>
        out.push({ id: randomUUID(), type, timestamp: now, body });
      ev("trace-create", { id: traceId, name: "live", userId: `u-${t}`, environment: "production" });
      for (let g = 0; g < 3; g++) {
        const id = randomUUID();
        ev("generation-create", {
          id,
          traceId,
          name: "llm",
          model: "gpt-4o-mini",
          startTime: now,
          environment: "production",
          input: "hello",
        });
        ev("generation-update", {
          id,
          traceId,
          endTime: now,
          output: "world",
          usageDetails: { input: 120, output: 8 },
        });
      }
      ev("span-create", {
        id: randomUUID(),
        traceId,
        name: "tool",
        startTime: now,
        endTime: now,
        environment: "production",
      });
      ev("score-create", { traceId, name: "quality", value: 0.5 });
    }
    return JSON.stringify({ batch: out.slice(0, 50) });
  };
  const post = (body: string) =>
    new Promise<void>((resolve) => {
      const req = request(
        `${url}/v1/ingest`,
        { method: "POST", agent, headers: { authorization: AUTH, "content-type": "application/json" } },
        (res) => {
          res.resume();
          res.on("end", () => {
            if (res.statusCode === 207) events += 50;
            resolve();
          });
        },
      );
      req.on("error", () => resolve());
      req.end(body);
    });
  const loop = (async () => {
    const interval = 1000 / INGEST_BATCHES_PER_SECOND;
    let next = performance.now();
    const inflight = new Set<Promise<void>>();
    while (running) {
      const p = post(batch()).finally(() => inflight.delete(p));
      inflight.add(p);
      next += interval;
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
    await Promise.all(inflight);
  })();
  return {
    async stop() {
      running = false;
      await loop;
      agent.destroy();
      return events;
    },
  };
}

interface Measured {
  metrics: number[];
  page: number[];
  filtered: number[];
  next: number[];
}

async function measure(
  server: Spawned,
  metricsQuery: string,
  runs: { metrics: number; page: number },
): Promise<Measured> {
  const pageUrl = `${server.url}/v1/observations?limit=50`;
  const filtered = `${server.url}/v1/observations?limit=50&environment=production&type=GENERATION`;
  return {
    metrics: await timeGets(`${server.url}/v1/metrics?${metricsQuery}`, runs.metrics, 1),
    page: await timeGets(pageUrl, runs.page),
    filtered: await timeGets(filtered, runs.page),
    next: await timeGets(`${pageUrl}&cursor=${await firstCursor(pageUrl)}`, runs.page),
  };
}

/** Issue 4 targets: metrics over 10M observations ≤ 250 ms and ≤ 1.2× the same SQL raw on chDB; span-explorer page ≤ 100 ms; ≤ 2× while ingesting. */
export async function benchReads(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "sightline-bench-reads-"));
  const env = {
    SIGHTLINE_DATA_DIR: dataDir,
    SIGHTLINE_INIT_PUBLIC_KEY: KEY.publicKey,
    SIGHTLINE_INIT_SECRET_KEY: KEY.secretKey,
    SIGHTLINE_LOG_LEVEL: "warn",
  };
  let server: Spawned | undefined;
  try {
    // The server creates the project, the key and the schema.
    server = await spawnServer(env);
    const projects = (await (
      await fetch(`${server.url}/v1/projects`, { headers: { authorization: AUTH } })
    ).json()) as { data: { id: string }[] };
    const projectId = projects.data[0]!.id;
    await kill(server, "SIGTERM");

    const now = Date.now();
    let store = new ClickHouseTelemetryStore({ chdbPath: join(dataDir, "ch") });
    const genStarted = performance.now();
    const parts = await generate(store, projectId, now);
    await store.close();
    await mirrorTraces(dataDir, projectId, now);
    const genSeconds = (performance.now() - genStarted) / 1000;
    log("parts after generation", parts);

    const range = { from: new Date(now - 31 * DAY_MS).toISOString(), to: new Date(now + DAY_MS).toISOString() };
    const metricsQuery = new URLSearchParams(range).toString();

    server = await spawnServer(env);
    // Whatever the engine starts on opening (merges, loading marks) is not part of a read.
    await new Promise((r) => setTimeout(r, 15_000));
    const idle = await measure(server, metricsQuery, { metrics: 9, page: 30 });
    log("idle", { metrics: idle.metrics, page: quantile(idle.page, 0.5) });
    await kill(server, "SIGTERM");

    // The same SQL text the endpoint runs, straight on chDB in this process.
    store = new ClickHouseTelemetryStore({ chdbPath: join(dataDir, "ch") });
    const { sql, params } = metricsStatement(projectId, MetricsQuery.parse(range), new Date(now));
    await store.query(sql, params);
    const raw: number[] = [];
    for (let i = 0; i < 9; i++) {
      const t = performance.now();
      await store.query(sql, params);
      raw.push(performance.now() - t);
    }
    raw.sort((a, b) => a - b);
    await store.close();
    log("raw", raw);

    server = await spawnServer(env);
    await new Promise((r) => setTimeout(r, 15_000));
    await timeGets(`${server.url}/v1/observations?limit=50`, 5);
    const ingest = startIngest(server.url);
    await new Promise((r) => setTimeout(r, 3000));
    const busyStarted = performance.now();
    const busy = await measure(server, metricsQuery, { metrics: 9, page: 30 });
    const ingested = await ingest.stop();
    const busySeconds = (performance.now() - busyStarted) / 1000 + 3;
    log("busy", { metrics: busy.metrics, page: quantile(busy.page, 0.5), ingested });
    await kill(server, "SIGTERM");

    const p = (l: number[], q = 0.5) => fmt(quantile(l, q));
    const ratio = (a: number[], b: number[], q = 0.5) => fmt(quantile(a, q) / quantile(b, q), 2);
    const obsParts = parts.find((x) => x.table === "observations");
    return [
      "## Telemetry reads (issue 4)",
      "",
      "| measure | target | result | baseline | ratio |",
      "|---|---|---|---|---|",
      `| metrics, 10M observations, 32-day range, p50 | ≤ 250 ms | ${p(idle.metrics)} ms | ${p(raw)} ms (same SQL raw on chDB) | ${ratio(idle.metrics, raw)}× (≤ 1.2×) |`,
      `| metrics, fastest of the runs | — | ${p(idle.metrics, 0)} ms | ${p(raw, 0)} ms | ${ratio(idle.metrics, raw, 0)}× |`,
      `| span explorer, first page of 50 (newest first) p50 / p95 | ≤ 100 ms | ${p(idle.page)} / ${p(idle.page, 0.95)} ms | — | — |`,
      `| span explorer, page 2 via cursor p50 | — | ${p(idle.next)} ms | — | — |`,
      `| span explorer, environment + type filter p50 | — | ${p(idle.filtered)} ms | — | — |`,
      `| metrics while ingesting p50 | ≤ 2× idle | ${p(busy.metrics)} ms | ${p(idle.metrics)} ms idle | ${ratio(busy.metrics, idle.metrics)}× |`,
      `| span explorer page while ingesting p50 | ≤ 2× idle | ${p(busy.page)} ms | ${p(idle.page)} ms idle | ${ratio(busy.page, idle.page)}× |`,
      `| filtered page / page 2 while ingesting p50 | ≤ 2× idle | ${p(busy.filtered)} / ${p(busy.next)} ms | ${p(idle.filtered)} / ${p(idle.next)} ms idle | ${ratio(busy.filtered, idle.filtered)}× / ${ratio(busy.next, idle.next)}× |`,
      "",
      `Data: ${OBSERVATIONS.toLocaleString("en")} observations (${obsParts?.rows ?? "?"} partial rows in ${obsParts?.parts ?? "?"} parts, ${obsParts ? fmt(Number(obsParts.bytes) / Number(obsParts.rows), 0) : "?"} bytes on disk per row; one in five generations is a create plus a later update), 1M traces and 1M scores over 30 days in one project, generated with \`INSERT … SELECT … FROM numbers()\` straight into chDB (and the trace mirror into PGlite) in ${fmt(genSeconds, 0)} s. ` +
        "Days before today are merged into one part each, as `min_age_to_force_merge_seconds` does an hour after a day ends; today's partition is left as the inserts made it. " +
        "Requests go to `npm start` over loopback, 15 s after it started, sequentially (metrics 9 runs after 1 warm-up, pages 30 after 2). The raw baseline runs the text of `metricsStatement()` — what the endpoint sends — through `@clickhouse/client` on chDB in the bench process, with the server stopped. " +
        `While ingesting: ${INGEST_BATCHES_PER_SECOND} batches of 50 events per second into the same project (${Math.round(ingested / busySeconds)} events/s accepted), the worker draining in the same process.`,
      "",
    ].join("\n");
  } finally {
    if (server) await kill(server, "SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `tsx bench/reads.ts` runs this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchReads());
