import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { kill, type Spawned, spawnServer } from "../tests/support/spawn-server";
import { api, webhookReceiver } from "./automations";
import { endToEnd, makeBatch, waitDrained } from "./ingest-client";
import { fmt, median, requestCpuSeconds } from "./lib";

/**
 * Issue 32, item 4: each feature on the ingest path costs at most 5 % of end-to-end throughput when the project
 * has it configured but the traffic never uses it. Every scenario runs the ingest benchmark's end-to-end run
 * (16 clients, batches of 50 events) with the feature off and on-but-unused, in adjacent pairs, the median of the pairs' ratios.
 *
 * - `SIGHTLINE_BENCH_FEATURES`: comma-separated scenario names (default: all; `none` skips the section).
 * - `SIGHTLINE_BENCH_FEATURE_BATCHES`: batches per run (default 500; a few dozen for a trial).
 * - `SIGHTLINE_BENCH_FEATURE_ROUNDS`: off/on pairs per scenario (default 8).
 */
const TARGET = 0.95;
const START_MS = 300_000;

interface Context {
  url: string;
  hookUrl: string;
  round: number;
}

interface Scenario {
  name: string;
  /** What "on" means: configured for the project, matching none of the bench's traffic. */
  on: string;
  /** Turns the feature on for the project; returns what turns it off again. */
  enable?: (ctx: Context) => Promise<() => Promise<void>>;
  /** A feature of the process rather than the project: "on" runs on a second server started with this env. */
  serverEnv?: Record<string, string>;
}

async function ok(res: Promise<{ status: number; body: any }>, expected: number, what: string) {
  const r = await res;
  if (r.status !== expected) throw new Error(`${what} answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A trace name no bench batch carries (they are all "chat"). */
const NO_SUCH_NAME = "bench-no-trace-has-this-name";

export const FEATURE_SCENARIOS: Scenario[] = [
  {
    name: "automation-other-trigger",
    on: "an enabled automation on `prompt.created` (the listener check runs, nothing is appended)",
    async enable({ url, hookUrl, round }) {
      const made = await ok(
        api(url, "POST", "/v1/automations", {
          name: `bench-prompt-${round}`,
          trigger: "prompt.created",
          action: "webhook",
          target: hookUrl,
        }),
        201,
        "create automation",
      );
      return async () => void (await ok(api(url, "DELETE", `/v1/automations/${made.id}`), 200, "delete automation"));
    },
  },
  {
    name: "trace-created-filtered",
    on: "a `trace.created` webhook whose filter matches no trace (the writer checks the filter: nothing appended, relayed or delivered)",
    async enable({ url, hookUrl, round }) {
      const made = await ok(
        api(url, "POST", "/v1/automations", {
          name: `bench-traces-${round}`,
          trigger: "trace.created",
          action: "webhook",
          target: hookUrl,
          filter: [{ column: "name", operator: "=", value: NO_SUCH_NAME }],
        }),
        201,
        "create automation",
      );
      return async () => void (await ok(api(url, "DELETE", `/v1/automations/${made.id}`), 200, "delete automation"));
    },
  },
  {
    name: "online-evaluator",
    on: "an online evaluator whose `filterName` matches no trace",
    async enable({ url }) {
      const body = { prompt: "Rate {{output}}", provider: "mock", model: "mock-judge", filterName: NO_SUCH_NAME };
      const exists = await api(url, "GET", "/v1/evaluators/bench-unmatched");
      if (exists.status === 404)
        await ok(api(url, "POST", "/v1/evaluators", { name: "bench-unmatched", ...body, online: true }), 201, "create");
      else await ok(api(url, "PUT", "/v1/evaluators/bench-unmatched", { ...body, online: true }), 200, "update");
      return async () =>
        void (await ok(api(url, "PUT", "/v1/evaluators/bench-unmatched", { ...body, online: false }), 200, "update"));
    },
  },
  {
    name: "experiment-waiting",
    on: "one experiment evaluation waiting for a trace the traffic never sends",
    async enable({ url, round }) {
      if ((await api(url, "GET", "/v1/datasets/bench-features")).status === 404) {
        await ok(api(url, "POST", "/v1/datasets", { name: "bench-features" }), 201, "create dataset");
        await ok(
          api(url, "POST", "/v1/datasets/bench-features/items", {
            items: [{ id: "bench-item", input: { q: "2 + 2" }, expectedOutput: "4" }],
          }),
          200,
          "create items",
        );
        await ok(
          api(url, "POST", "/v1/evaluators", { name: "bench-answered", kind: "CODE", expression: "len(output) > 0" }),
          201,
          "create evaluator",
        );
      }
      const traceId = randomUUID();
      const run = await ok(
        api(url, "POST", "/v1/datasets/bench-features/runs", {
          runName: `waiting-${round}-${traceId}`,
          items: [{ datasetItemId: "bench-item", traceId }],
          evaluators: ["bench-answered"],
        }),
        201,
        "create run",
      );
      if (run.waiting !== undefined && run.waiting !== 1) throw new Error(`expected one waiting, got ${run.waiting}`);
      // Off again: the trace's output arrives and the worker releases the evaluation.
      return async () => {
        await ok(
          api(url, "POST", "/v1/ingest", {
            batch: [
              {
                id: randomUUID(),
                type: "trace-create",
                timestamp: new Date().toISOString(),
                body: { id: traceId, name: NO_SUCH_NAME, output: "4" },
              },
            ],
          }),
          207,
          "ingest the awaited output",
        );
        await waitDrained(url);
      };
    },
  },
  {
    name: "pii-redaction",
    on: "PII masking with every built-in detector (the bench's inputs and outputs hold no PII)",
    async enable({ url }) {
      const put = (enabled: boolean) =>
        ok(
          api(url, "PUT", "/v1/pii-policy", {
            enabled,
            builtins: enabled ? ["email", "secret", "credit_card", "iban", "ipv6", "ipv4", "phone"] : [],
            custom: [],
          }),
          200,
          "put PII policy",
        );
      await put(true);
      return async () => void (await put(false));
    },
  },
  {
    name: "tail-sampling",
    on: "head rate 0.999999 with a keep-errors tail rule (the worker applies it; it drops almost nothing)",
    async enable({ url }) {
      const put = (sampling: unknown) => ok(api(url, "PUT", "/v1/ingest/sampling", sampling), 200, "put sampling");
      await put({ headRate: 0.999999, tail: { keepErrors: true } });
      return async () => void (await put({ headRate: 1, tail: null }));
    },
  },
  {
    name: "rate-limit",
    on: "ingest limited at 100,000 requests/s (never refuses here), on a second server",
    serverEnv: { SIGHTLINE_RATE_LIMITS: "ingest=100000/1000000,api=100000/1000000,shared=100000/1000000" },
  },
];

const batchesOf = (n: number) => Array.from({ length: n }, () => JSON.stringify({ batch: makeBatch() }));

/** One end-to-end run: its wall time, and the CPU seconds the server spent on it (`requestCpuSeconds`). */
interface Run {
  ms: number;
  cpu: number;
}

async function measuredRun(server: Spawned, batches: string[]): Promise<Run> {
  const before = requestCpuSeconds(server.child.pid!);
  const ms = await endToEnd(server.url, batches);
  return { ms, cpu: requestCpuSeconds(server.child.pid!) - before };
}

const verdict = (ratio: number) => `**${fmt(ratio, 2)}×** (${ratio >= TARGET ? "met" : "missed"})`;

/** The features section of the ingest benchmark; `env` names the bench key and log level. */
export async function benchIngestFeatures(env: Record<string, string>): Promise<string> {
  const wanted = (process.env.SIGHTLINE_BENCH_FEATURES ?? "").trim();
  if (wanted === "none") return "";
  const names = wanted ? wanted.split(",").map((s) => s.trim()) : FEATURE_SCENARIOS.map((s) => s.name);
  const unknown = names.filter((n) => !FEATURE_SCENARIOS.some((s) => s.name === n));
  if (unknown.length) throw new Error(`Unknown feature scenario ${unknown.join(", ")}`);
  const scenarios = FEATURE_SCENARIOS.filter((s) => names.includes(s.name));
  const batches = Number(process.env.SIGHTLINE_BENCH_FEATURE_BATCHES ?? 500);
  const rounds = Number(process.env.SIGHTLINE_BENCH_FEATURE_ROUNDS ?? 8);
  const events = batches * 50;
  const rate = (ms: number) => events / (ms / 1000);
  // CPU milliseconds per 1,000 events.
  const cpuPerK = (cpu: number) => (cpu * 1000 * 1000) / events;

  const dirs: string[] = [];
  const servers: Spawned[] = [];
  const start = async (extra: Record<string, string> = {}) => {
    const dataDir = mkdtempSync(join(tmpdir(), "sightline-bench-features-"));
    dirs.push(dataDir);
    const server = await spawnServer({ ...env, ...extra, SIGHTLINE_DATA_DIR: dataDir }, START_MS);
    servers.push(server);
    // Warm-up: a server's CPU per batch falls over its first 150,000 or so events (code compiled, heaps grown),
    // then holds within a few percent; runs measured before that would favour whatever ran later.
    await endToEnd(server.url, batchesOf(Math.max(50, 3_000)));
    return server;
  };
  const stop = async (server: Spawned) => {
    servers.splice(servers.indexOf(server), 1);
    await kill(server, "SIGTERM");
  };
  const hook = await webhookReceiver();
  try {
    const plain = await start();
    const rows: string[] = [];
    const plainRuns: number[] = [];
    for (const scenario of scenarios) {
      // A process setting runs on two fresh servers, off and on, started alike: the plain server's tables have
      // grown with every earlier scenario, which would favour the fresh one.
      const offServer = scenario.serverEnv ? await start() : plain;
      const onServer = scenario.serverEnv ? await start(scenario.serverEnv) : plain;
      const off: Run[] = [];
      const on: Run[] = [];
      const runOff = async () => off.push(await measuredRun(offServer, batchesOf(batches)));
      for (let round = 0; round < rounds; round++) {
        // Off first in even rounds, last in odd ones: what grows with the data (tables, outbox) favours neither.
        if (round % 2 === 0) await runOff();
        const disable = await scenario.enable?.({ url: onServer.url, hookUrl: hook.url, round });
        on.push(await measuredRun(onServer, batchesOf(batches)));
        await disable?.();
        if (round % 2 === 1) await runOff();
      }
      if (onServer !== plain) await stop(onServer);
      if (offServer !== plain) await stop(offServer);
      plainRuns.push(...off.map((r) => r.ms));
      // Each round's pair is compared with itself: the machine's speed drifts over minutes (every thread's CPU for
      // the same work moved by a fifth at once in one trial), far more than it does between two adjacent runs.
      const pairs = off.map((o, i) => ({ rate: o.ms / on[i]!.ms, cpu: o.cpu / on[i]!.cpu }));
      rows.push(
        `| \`${scenario.name}\`: ${scenario.on} | ${fmt(rate(median(off.map((r) => r.ms))), 0)} / ${fmt(rate(median(on.map((r) => r.ms))), 0)} | ${verdict(median(pairs.map((p) => p.rate)))} | ${fmt(cpuPerK(median(off.map((r) => r.cpu))), 0)} / ${fmt(cpuPerK(median(on.map((r) => r.cpu))), 0)} | ${verdict(median(pairs.map((p) => p.cpu)))} |`,
      );
    }
    const plainRate = rate(Math.min(...plainRuns));
    return [
      "## Ingest features on and off (issue 32)",
      "",
      `| feature, and what "on but unused" means | events/s off / on | throughput ratio (target ≥ ${TARGET}×) | server CPU ms per 1,000 events off / on | CPU ratio off / on (target ≥ ${TARGET}×) |`,
      "|---|---|---|---|---|",
      ...rows,
      "",
      `Each row: ${rounds} adjacent pairs of end-to-end runs (${batches.toLocaleString("en")} batches of 50 events, the ingest benchmark's run, 16 clients; the clock stops when the queue is drained) on \`npm start\`, the feature off and then on for the bench project (on first in odd rounds); each ratio is the median of the pairs' ratios, each rate and CPU figure the median run. Server CPU: the \`npm start\` process's CPU time over a run, every thread (the API's, the worker's, embedded Postgres's, chDB's inserts) but chDB's background merges, which follow the data written and run when the engine decides (\`/proc/<pid>/stat\` less those threads); on the two cores a run keeps busy, a feature's cost is the CPU it adds. Pairs, because this machine's speed drifts over minutes (every thread's CPU for the same work moved by a fifth at once in one trial) far more than between two adjacent runs. Each server first ingests 3,000 batches unmeasured: a server's CPU per batch falls over its first 150,000 or so events. "On but unused" is the feature configured so that none of the traffic triggers it: what a project pays for a feature it has but does not use now. Rate limiting is a setting of the process, so it runs on two fresh servers of its own, one started without the limit and one with it. The best plain run of all rows: ${fmt(plainRate, 0)} events/s. Scenarios, batches and rounds: \`SIGHTLINE_BENCH_FEATURES\`, \`SIGHTLINE_BENCH_FEATURE_BATCHES\`, \`SIGHTLINE_BENCH_FEATURE_ROUNDS\`.`,
      "",
    ].join("\n");
  } finally {
    for (const server of servers) await kill(server, "SIGTERM");
    await hook.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
