import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { usage } from "./args";
import { type Choices, estimate, type Measured, type Prices, sensitivity } from "./cost-model";
import { table } from "./table";

export const COST_HELP = `sightline cost [--events <n>] [--batch-size <events>] [--accept-memory <MB>] [--worker-memory <MB>]
               [--worker-batch <messages>] [--claim-check large|every] [--raw-batch-days <days>]
               [--clickhouse <USD a month>] [--postgres <USD a month>] [--prices <file>] [--inputs <file>] [--json]
  The AWS variable cost of ingesting N events (default 1,000,000) with the serverless stack, from measured
  handler durations and calls (npm run bench -- cost) and a dated price table; ClickHouse and Postgres are
  fixed monthly lines you state. Also prints what each design choice costs when varied alone (docs/cost.md).`;

/** Where the numbers come from: shipped beside the command, replaceable by --prices and --inputs. */
const PRICES = new URL("./cost/aws-prices.json", import.meta.url);
const INPUTS = new URL("./cost/measured.json", import.meta.url);
/** The per-million target of the serverless design (docs/cost.md). */
const TARGET_PER_MILLION = 0.25;

const readJson = <T>(path: URL | string): T => JSON.parse(readFileSync(path, "utf8")) as T;

function positive(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || text.trim() === "") throw usage(`--${name} ${text}: expected a number ≥ 0`);
  return n;
}

const usd = (n: number) => `$${n < 0.01 && n > 0 ? n.toFixed(5) : n.toFixed(4)}`;

/** `sightline cost`: prints the estimate and the design choices' effect; always exit 0. */
export async function cost(argv: string[], _env: NodeJS.ProcessEnv, out: (s: string) => void): Promise<number> {
  const options = {
    events: { type: "string" },
    "batch-size": { type: "string" },
    "accept-memory": { type: "string" },
    "worker-memory": { type: "string" },
    "worker-batch": { type: "string" },
    "claim-check": { type: "string" },
    "raw-batch-days": { type: "string" },
    clickhouse: { type: "string" },
    postgres: { type: "string" },
    prices: { type: "string" },
    inputs: { type: "string" },
    json: { type: "boolean" },
  } as const;
  const { values } = parseArgs({ args: argv, options, strict: true });
  const prices = readJson<Prices>(values.prices ?? PRICES);
  const measured = readJson<Measured>(values.inputs ?? INPUTS);
  const claimCheck = values["claim-check"] ?? "large";
  if (claimCheck !== "large" && claimCheck !== "every")
    throw usage(`--claim-check ${claimCheck}: expected large (only batches over the message limit go to S3) or every`);
  const choices: Choices = {
    events: Math.max(1, Math.round(positive("events", values.events, 1_000_000))),
    batchSize: Math.max(1, Math.round(positive("batch-size", values["batch-size"], 50))),
    acceptMemoryMb: positive("accept-memory", values["accept-memory"], measured.settings.acceptMemoryMb),
    workerMemoryMb: positive("worker-memory", values["worker-memory"], measured.settings.workerMemoryMb),
    workerBatchSize: Math.max(
      1,
      Math.round(positive("worker-batch", values["worker-batch"], measured.settings.workerBatchSize)),
    ),
    claimCheck,
    rawBatchDays: positive("raw-batch-days", values["raw-batch-days"], 30),
  };
  const fixed = {
    clickhouse: positive("clickhouse", values.clickhouse, 0),
    postgres: positive("postgres", values.postgres, 0),
  };
  let result: ReturnType<typeof estimate>;
  try {
    result = estimate(measured, prices, choices);
  } catch (error) {
    throw usage(error instanceof Error ? error.message : String(error));
  }
  const choicesTable = sensitivity(measured, prices, choices);
  if (values.json) {
    out(
      JSON.stringify(
        {
          ...result,
          fixedMonthlyUsd: fixed,
          targetPerMillionUsd: TARGET_PER_MILLION,
          sensitivity: choicesTable,
          prices: { region: prices.region, asOf: prices.asOf },
          measuredAt: measured.measuredAt,
        },
        null,
        2,
      ),
    );
    return 0;
  }
  out(
    `AWS variable cost of ${choices.events.toLocaleString("en-US")} events, ${choices.batchSize} per request (${prices.region} prices of ${prices.asOf}; inputs measured ${measured.measuredAt})\n`,
  );
  out(
    table(
      ["line", "requests", "USD"],
      result.lines.map((l) => [l.name, l.requests ? Math.round(l.requests).toLocaleString("en-US") : "", usd(l.usd)]),
      [1, 2],
    ),
  );
  const verdict = result.perMillionUsd <= TARGET_PER_MILLION ? "within" : "ABOVE";
  out(
    `\nTotal ${usd(result.totalUsd)}: ${usd(result.perMillionUsd)} per million events, ${verdict} the target of ${usd(TARGET_PER_MILLION)}.`,
  );
  out(
    `Fixed, a month, as stated: ClickHouse ${usd(fixed.clickhouse)}, Postgres ${usd(fixed.postgres)} (pass --clickhouse and --postgres).\n`,
  );
  out("Each design choice varied alone (USD per million events):\n");
  out(
    table(
      ["choice", "value", "per million"],
      choicesTable.map((v) => [v.choice, v.value, usd(v.perMillionUsd)]),
      [2],
    ),
  );
  return 0;
}
