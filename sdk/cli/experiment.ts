import { parseArgs } from "node:util";
import {
  compareDatasetRuns,
  type ExperimentRun,
  gateDatasetRun,
  getDatasetRun,
  type NewExperiment,
  request,
  startExperiment,
} from "../typescript/src/index.js";
import { CliError, CONNECTION_OPTIONS, connectionOf, usage } from "./args";
import { printGate, thresholdsOf } from "./gate";
import { table } from "./table";

export const EXPERIMENT_HELP = `sightline experiment --dataset <name> --prompt <name> [--version <n> | --label <label>] --provider <mock|openai|anthropic>
    --model <model> [--map <variable>=<item field> ...] [--evaluator <name> ...] [--concurrency <n>] [--run <name>]
    [--temperature <t>] [--max-tokens <n>] [--compare-with <run>] [--gate <score>=<minimum mean> ...] [--json]
  Runs the prompt version over the dataset on Sightline, shows its progress until it ends, then compares it with
  --compare-with (default: the dataset's previous run) and checks the gate. Exit 0 when the run completed and every
  gate threshold passes, 1 when the run failed or was cancelled or the gate fails, 2 on a usage or connection error.`;

const POLL_MS = 500;
const TRANSPORT = { timeoutMs: 300_000 };
/** How long the gate waits, after the last item, for the run's evaluators to score every output (docs/experiments.md). */
const SCORES_WAIT_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const usd = (n: number) => `$${n.toFixed(6)}`;
const ms = (n: number | null) => (n === null ? "-" : `${n} ms`);

function numberOption(value: string | undefined, flag: string, integer: boolean): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || (integer && !Number.isInteger(n)))
    throw usage(`${flag} must be ${integer ? "a whole number" : "a number"}`);
  return n;
}

/** `sightline experiment`: starts one, follows it, prints the outcome, the comparison and the gate. */
export async function experiment(argv: string[], env: NodeJS.ProcessEnv, out: (s: string) => void): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...CONNECTION_OPTIONS,
      dataset: { type: "string" },
      prompt: { type: "string" },
      version: { type: "string" },
      label: { type: "string" },
      provider: { type: "string" },
      model: { type: "string" },
      map: { type: "string", multiple: true },
      evaluator: { type: "string", multiple: true },
      concurrency: { type: "string" },
      run: { type: "string" },
      temperature: { type: "string" },
      "max-tokens": { type: "string" },
      "compare-with": { type: "string" },
      gate: { type: "string", multiple: true },
      json: { type: "boolean" },
    },
    strict: true,
  });
  if (!values.dataset || !values.prompt || !values.provider || !values.model)
    throw usage(`--dataset, --prompt, --provider and --model are required\n${EXPERIMENT_HELP}`);
  if (!["mock", "openai", "anthropic"].includes(values.provider))
    throw usage(`--provider must be mock, openai or anthropic`);
  const mapping: Record<string, string> = {};
  for (const m of values.map ?? []) {
    const at = m.indexOf("=");
    if (at <= 0 || at === m.length - 1)
      throw usage(`--map ${m}: expected <variable>=<item field>, e.g. --map question=input.question`);
    mapping[m.slice(0, at)] = m.slice(at + 1);
  }
  const thresholds = thresholdsOf(values.gate ?? [], "--gate");
  const version = numberOption(values.version, "--version", true);
  const temperature = numberOption(values.temperature, "--temperature", false);
  const maxTokens = numberOption(values["max-tokens"], "--max-tokens", true);
  const concurrency = numberOption(values.concurrency, "--concurrency", true);
  const body: NewExperiment = {
    ...(values.run ? { runName: values.run } : {}),
    prompt: {
      name: values.prompt,
      ...(version !== undefined ? { version } : {}),
      ...(values.label ? { label: values.label } : {}),
    },
    provider: values.provider as NewExperiment["provider"],
    model: values.model,
    parameters: {
      ...(temperature !== undefined ? { temperature } : {}),
      ...(maxTokens !== undefined ? { maxTokens } : {}),
    },
    mapping,
    evaluators: values.evaluator ?? [],
    ...(concurrency !== undefined ? { concurrency } : {}),
  };
  const conn = connectionOf(values, env);
  const dataset = values.dataset;
  const started = await startExperiment(conn, dataset, body, TRANSPORT);
  const log = (s: string) => (values.json ? process.stderr.write(`${s}\n`) : out(s));
  log(
    `Started run '${started.name}' of dataset '${dataset}': prompt ${started.experiment!.prompt.name} v${started.experiment!.prompt.version}, ${started.experiment!.provider}/${started.experiment!.model}, ${started.experiment!.total} items`,
  );

  let run: ExperimentRun = started;
  let shown = "";
  for (;;) {
    run = (await getDatasetRun(conn, dataset, started.name, TRANSPORT)) as ExperimentRun;
    const p = run.experiment!;
    const line = `${p.status}: ${p.done + p.failed}/${p.total} items (${p.failed} failed), cost ${usd(p.costUsd)}`;
    if (line !== shown) process.stderr.write(`${line}\n`);
    shown = line;
    if (p.status !== "queued" && p.status !== "running") break;
    await sleep(POLL_MS);
  }
  const p = run.experiment!;

  // The evaluators score each output after its item is done: wait for their scores before comparing and gating.
  const gated = Object.keys(thresholds).length
    ? await gateWhenScored(
        conn,
        dataset,
        run.name,
        thresholds,
        p.status === "completed" ? (values.evaluator ?? []) : [],
        p.done,
      )
    : null;

  // The run to compare with: the one named, else the dataset's newest other run.
  let previous = values["compare-with"];
  if (!previous) {
    const detail = await request<{ runs: { name: string; createdAt: string }[] }>(
      conn,
      "GET",
      `/v1/datasets/${encodeURIComponent(dataset)}?limit=1`,
      undefined,
      TRANSPORT,
    );
    previous = detail.runs
      .filter((r) => r.name !== run.name)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]?.name;
  }
  const comparison = previous ? await compareDatasetRuns(conn, dataset, [previous, run.name], TRANSPORT) : null;

  if (values.json) out(JSON.stringify({ run, comparison, gate: gated }, null, 2));
  else {
    out(
      `\nRun '${run.name}' ${p.status}: ${p.done} done, ${p.failed} failed${p.cancelled ? `, ${p.cancelled} cancelled` : ""} of ${p.total}; cost ${usd(p.costUsd)}; latency p50 ${ms(p.latencyMs.p50)}, p95 ${ms(p.latencyMs.p95)}, p99 ${ms(p.latencyMs.p99)}`,
    );
    for (const f of p.failures.slice(0, 10)) out(`  failed ${f.datasetItemId}: ${f.error}`);
    if (p.error) out(`  ${p.error}`);
    if (comparison) {
      const names = [...new Set(comparison.runs.flatMap((r) => r.scores.map((s) => s.name)))].sort();
      const mean = (runName: string, score: string) =>
        comparison.runs.find((r) => r.name === runName)?.scores.find((s) => s.name === score)?.mean ?? null;
      const fmt = (n: number | null) => (n === null ? "-" : n.toFixed(4));
      out(`\nCompared with run '${previous}'\n`);
      out(
        table(
          ["score", previous!, run.name, "change"],
          names.map((n) => {
            const [a, b] = [mean(previous!, n), mean(run.name, n)];
            return [
              n,
              fmt(a),
              fmt(b),
              a === null || b === null ? "-" : `${b - a >= 0 ? "+" : ""}${(b - a).toFixed(4)}`,
            ];
          }),
          [1, 2, 3],
        ),
      );
    }
    if (gated) {
      out("");
      printGate(dataset, run.name, gated, out);
    }
  }
  if (p.status !== "completed") throw new CliError(1, `Run '${run.name}' ${p.status}${p.error ? `: ${p.error}` : ""}`);
  if (gated && !gated.passed) throw new CliError(1, "");
  return 0;
}

/**
 * The gate of a finished run, once each of its own evaluators named by a threshold has scored every done item, or
 * after SCORES_WAIT_MS (an evaluation that failed never scores): gating at once would read a run whose last scores
 * are still being written.
 */
async function gateWhenScored(
  conn: ReturnType<typeof connectionOf>,
  dataset: string,
  runName: string,
  thresholds: Record<string, number>,
  evaluators: readonly string[],
  done: number,
) {
  const deadline = Date.now() + SCORES_WAIT_MS;
  for (;;) {
    const gated = await gateDatasetRun(conn, dataset, runName, thresholds, TRANSPORT);
    const waiting = gated.results.some((r) => evaluators.includes(r.scoreName) && r.count < done);
    if (!waiting || Date.now() >= deadline) return gated;
    await sleep(POLL_MS);
  }
}
