import { SightlineError } from "./api";
import { CliError } from "./args";
import { BACKFILL_HELP, backfill } from "./backfill";
import { COST_HELP, cost } from "./cost";
import { EXPERIMENT_HELP, experiment } from "./experiment";
import { GATE_HELP, gate } from "./gate";
import { IMPORT_HELP, importCsv } from "./import-csv";
import { SMOKE_HELP, smoke } from "./smoke";

const HELP = `sightline <command> [options]

Commands:
  ${BACKFILL_HELP.replace(/\n/g, "\n  ")}

  ${COST_HELP.replace(/\n/g, "\n  ")}

  ${EXPERIMENT_HELP.replace(/\n/g, "\n  ")}

  ${GATE_HELP.replace(/\n/g, "\n  ")}

  ${IMPORT_HELP.replace(/\n/g, "\n  ")}

  ${SMOKE_HELP.replace(/\n/g, "\n  ")}

Connection: --url, --public-key, --secret-key, or SIGHTLINE_BASE_URL, SIGHTLINE_PUBLIC_KEY, SIGHTLINE_SECRET_KEY.`;

const commands: Record<string, (argv: string[], env: NodeJS.ProcessEnv, out: (s: string) => void) => Promise<number>> =
  { backfill, cost, experiment, gate, import: importCsv, smoke };

/** Runs one command; the exit code is 0 on success, 1 on a failed check, 2 on a usage or connection error. */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [name, ...rest] = argv;
  const out = (s: string) => process.stdout.write(`${s}\n`);
  if (!name || name === "--help" || name === "-h" || name === "help") {
    out(HELP);
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`Unknown command '${name}'\n\n${HELP}\n`);
    return 2;
  }
  try {
    return await command(rest, env, out);
  } catch (error) {
    if (error instanceof CliError) {
      if (error.message) process.stderr.write(`${error.message}\n`);
      return error.exitCode;
    }
    if (error instanceof SightlineError) {
      process.stderr.write(`Error ${error.status} ${error.code}: ${error.message}\n`);
      return 2;
    }
    // Unknown options (parseArgs), refused connections (fetch) and the like.
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}${cause}\n`);
    return 2;
  }
}

process.exitCode = await main(process.argv.slice(2));
