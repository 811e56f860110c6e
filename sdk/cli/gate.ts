import { parseArgs } from "node:util";
import { request } from "./api";
import { CliError, CONNECTION_OPTIONS, connectionOf, usage } from "./args";
import { table } from "./table";

interface GateResult {
  passed: boolean;
  results: { scoreName: string; mean: number | null; threshold: number; count: number; passed: boolean }[];
}

export const GATE_HELP = `sightline gate --dataset <name> --run <run> --min <score>=<minimum mean> [--min ...] [--json]
  Checks a dataset run against minimum score means. Exit 0 when every threshold passes,
  1 on a regression (a mean below its minimum, or a score with no values), 2 on a usage or connection error.`;

/** `sightline gate`: prints the table (or the JSON answer) and returns the exit code. */
export async function gate(argv: string[], env: NodeJS.ProcessEnv, out: (s: string) => void): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...CONNECTION_OPTIONS,
      dataset: { type: "string" },
      run: { type: "string" },
      min: { type: "string", multiple: true },
      json: { type: "boolean" },
    },
    strict: true,
  });
  if (!values.dataset || !values.run) throw usage(`--dataset and --run are required\n${GATE_HELP}`);
  if (!values.min?.length) throw usage(`Give at least one --min <score>=<minimum mean>\n${GATE_HELP}`);
  const thresholds = thresholdsOf(values.min, "--min");
  const conn = connectionOf(values, env);
  const path = `/v1/datasets/${encodeURIComponent(values.dataset)}/runs/${encodeURIComponent(values.run)}/gate`;
  const result = await request<GateResult>(conn, "POST", path, { thresholds });
  if (values.json) out(JSON.stringify(result, null, 2));
  else printGate(values.dataset, values.run, result, out);
  if (!result.passed) throw new CliError(1, "");
  return 0;
}

/** `<score>=<minimum mean>` options as the gate's thresholds. @throws a usage error naming the bad one */
export function thresholdsOf(options: readonly string[], flag: string): Record<string, number> {
  const thresholds: Record<string, number> = {};
  for (const m of options) {
    const at = m.lastIndexOf("=");
    const value = Number(m.slice(at + 1));
    if (at <= 0 || m.slice(at + 1).trim() === "" || !Number.isFinite(value))
      throw usage(`${flag} ${m}: expected <score>=<number>, e.g. ${flag} correctness=0.8`);
    thresholds[m.slice(0, at)] = value;
  }
  return thresholds;
}

/** The gate's table and verdict. */
export function printGate(dataset: string, run: string, result: GateResult, out: (s: string) => void): void {
  const fmt = (n: number | null) => (n === null ? "-" : n.toFixed(4));
  out(`Gate for run '${run}' of dataset '${dataset}'\n`);
  out(
    table(
      ["score", "mean", "minimum", "count", "result"],
      result.results.map((r) => [
        r.scoreName,
        fmt(r.mean),
        fmt(r.threshold),
        String(r.count),
        r.passed ? "pass" : r.count === 0 ? "FAIL (no values)" : "FAIL",
      ]),
      [1, 2, 3],
    ),
  );
  const failed = result.results.filter((r) => !r.passed).length;
  out(`\n${result.passed ? "PASSED" : `FAILED: ${failed} of ${result.results.length} thresholds regressed`}`);
}
