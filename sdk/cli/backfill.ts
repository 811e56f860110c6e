import { parseArgs } from "node:util";
import { SingleBar } from "cli-progress";
import { request } from "./api";
import { CliError, CONNECTION_OPTIONS, connectionOf, usage } from "./args";

interface Backfill {
  id: string;
  evaluator: string;
  status: "queued" | "running" | "completed" | "failed";
  total: number;
  processed: number;
  failed: number;
  cap: number;
  capped: boolean;
  error: string | null;
}

export const BACKFILL_HELP = `sightline backfill <evaluator> --days <n> [--filter <JSON conditions>] [--json]
  Queues a backfill of the evaluator over the traces of the last n days (its sample, at most 5000, newest
  first) and shows its progress until it ends. Exit 0 when it completes, 1 when it fails, 2 on a usage or
  connection error (a backfill already running is a 409).`;

const POLL_MS = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `sightline backfill`: queues one, follows it with a progress bar, prints the outcome. */
export async function backfill(argv: string[], env: NodeJS.ProcessEnv, out: (s: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { ...CONNECTION_OPTIONS, days: { type: "string" }, filter: { type: "string" }, json: { type: "boolean" } },
    allowPositionals: true,
    strict: true,
  });
  const evaluator = positionals[0];
  if (!evaluator || positionals.length > 1) throw usage(`Name one evaluator\n${BACKFILL_HELP}`);
  const days = Number(values.days);
  if (!values.days || !Number.isInteger(days) || days < 1)
    throw usage(`--days must be a whole number of days, at least 1\n${BACKFILL_HELP}`);
  let filter: unknown;
  if (values.filter !== undefined) {
    try {
      filter = JSON.parse(values.filter);
    } catch {
      throw usage(
        `--filter must be a JSON array of {column, operator, value}, e.g. '[{"column":"name","operator":"=","value":"chat"}]'`,
      );
    }
  }
  const conn = connectionOf(values, env);
  const queued = await request<{ id: string; total: number; cap: number }>(
    conn,
    "POST",
    `/v1/evaluators/${encodeURIComponent(evaluator)}/backfill`,
    { days, ...(filter !== undefined ? { filter } : {}) },
  );

  // Off a terminal (CI logs, pipes) the bar is printed as a line every second instead of redrawn.
  const bar = values.json
    ? null
    : new SingleBar({
        format: "Backfilling |{bar}| {percentage}% | {value}/{total} traces | {failed} failed",
        stream: process.stderr,
        hideCursor: true,
        noTTYOutput: true,
        notTTYSchedule: 1000,
      });
  bar?.start(queued.total, 0, { failed: 0 });
  let run: Backfill | undefined;
  for (;;) {
    const list = await request<{ data: Backfill[] }>(
      conn,
      "GET",
      `/v1/evaluators/backfills?evaluator=${encodeURIComponent(evaluator)}&limit=20`,
    );
    run = list.data.find((b) => b.id === queued.id);
    if (!run) throw usage(`Backfill ${queued.id} is gone`);
    bar?.update(run.processed, { failed: run.failed });
    if (run.status === "completed" || run.status === "failed") break;
    await sleep(POLL_MS);
  }
  bar?.stop();
  if (values.json) out(JSON.stringify(run, null, 2));
  else {
    const capped = run.capped ? ` (capped at the newest ${run.cap} traces)` : "";
    out(
      run.status === "completed"
        ? `Backfill of '${evaluator}' completed: ${run.processed} traces, ${run.failed} failed${capped}`
        : `Backfill of '${evaluator}' failed after ${run.processed} of ${run.total} traces: ${run.error ?? "no reason given"}`,
    );
  }
  if (run.status === "failed") throw new CliError(1, "");
  return 0;
}
