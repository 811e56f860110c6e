import { parseArgs } from "node:util";
import { type Connection, request, SightlineError } from "./api";
import { CliError, CONNECTION_OPTIONS, connectionOf, usage } from "./args";

export const SMOKE_HELP = `sightline smoke [--timeout <seconds>]
  Proves a deployed stage end to end with an ADMIN key: mints a MEMBER key, ingests a trace with it,
  reads the trace back once the worker has merged it (waiting up to --timeout, default 60 s), saves and
  resolves a prompt, then removes what it made. Exit 0 when every step passes, 1 when one fails,
  2 on a usage or connection error.`;

interface Step {
  name: string;
  // biome-ignore lint/suspicious/noConfusingVoidType: a step that has nothing to report returns nothing.
  run(): Promise<string | void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** GET until it answers 200 (a 404 means "not merged yet"), or the deadline passes. */
async function readBack<T>(conn: Connection, path: string, deadline: number): Promise<T> {
  for (;;) {
    try {
      return await request<T>(conn, "GET", path);
    } catch (error) {
      if (!(error instanceof SightlineError && error.status === 404) || Date.now() > deadline) throw error;
    }
    await sleep(500);
  }
}

/** `sightline smoke`: one line per step, then PASSED or FAILED; the exit code says the same. */
export async function smoke(argv: string[], env: NodeJS.ProcessEnv, out: (s: string) => void): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { ...CONNECTION_OPTIONS, timeout: { type: "string" } },
    strict: true,
  });
  const timeoutSeconds = values.timeout === undefined ? 60 : Number(values.timeout);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0)
    throw usage(`--timeout ${values.timeout}: expected a number of seconds\n${SMOKE_HELP}`);
  const admin = connectionOf(values, env);
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const traceId = `sightline-smoke-${suffix}`;
  const promptName = `sightline-smoke-${suffix}`;
  let member: Connection | null = null;

  const steps: Step[] = [
    {
      name: "keys: mint a MEMBER key with the ADMIN key",
      async run() {
        const key = await request<{ publicKey: string; secretKey: string }>(admin, "POST", "/v1/api-keys", {
          role: "MEMBER",
          note: "sightline smoke",
        });
        member = { ...admin, publicKey: key.publicKey, secretKey: key.secretKey };
        return key.publicKey;
      },
    },
    {
      name: "ingest: a trace and a generation",
      async run() {
        const at = new Date().toISOString();
        const answer = await request<{ errors: { id: string; message: string }[] }>(member!, "POST", "/v1/ingest", {
          batch: [
            {
              id: `${traceId}-t`,
              type: "trace-create",
              timestamp: at,
              body: { id: traceId, name: "sightline smoke", input: "ping", output: "pong" },
            },
            {
              id: `${traceId}-g`,
              type: "generation-create",
              timestamp: at,
              body: {
                id: `${traceId}-g`,
                traceId,
                name: "smoke",
                model: "gpt-4o-mini",
                usageDetails: { input: 3, output: 1 },
              },
            },
          ],
        });
        if (answer.errors.length)
          throw new Error(`events refused: ${answer.errors.map((e) => `${e.id}: ${e.message}`).join("; ")}`);
      },
    },
    {
      name: "read back: the trace, merged by the worker",
      async run() {
        const trace = await readBack<{ output: unknown; observations: { id: string }[] }>(
          member!,
          `/v1/traces/${traceId}`,
          Date.now() + timeoutSeconds * 1000,
        );
        if (trace.output !== "pong" || !trace.observations.some((o) => o.id === `${traceId}-g`))
          throw new Error(`the trace came back incomplete: ${JSON.stringify(trace).slice(0, 200)}`);
        return traceId;
      },
    },
    {
      name: "prompts: save with the production label and resolve it",
      async run() {
        await request(member!, "POST", "/v1/prompts", {
          name: promptName,
          type: "TEXT",
          content: "Hello {{name}}",
          labels: ["production"],
        });
        const resolved = await request<{ content: unknown }>(
          member!,
          "GET",
          `/v1/prompts/${promptName}?channel=production`,
        );
        if (resolved.content !== "Hello {{name}}") throw new Error(`resolved ${JSON.stringify(resolved.content)}`);
      },
    },
  ];

  let failed = 0;
  for (const step of steps) {
    const started = Date.now();
    try {
      const detail = await step.run();
      out(`ok    ${step.name}${detail ? ` (${detail})` : ""}, ${Date.now() - started} ms`);
    } catch (error) {
      // A refused connection before any step passed is a connection error (2), not a failed check.
      if (failed === 0 && step === steps[0] && !(error instanceof SightlineError)) throw error;
      failed++;
      out(
        `FAIL  ${step.name}: ${error instanceof SightlineError ? `${error.status} ${error.code}: ${error.message}` : error instanceof Error ? error.message : String(error)}`,
      );
      break;
    }
  }
  // Clean up what was made, whatever failed; a cleanup failure is reported but does not fail the smoke test.
  const cleanup = [
    member && (() => request(admin, "DELETE", "/v1/api-keys", { publicKey: member!.publicKey })),
    () => request(admin, "DELETE", `/v1/traces/${traceId}`),
    () => request(admin, "DELETE", `/v1/prompts/${promptName}`),
  ].filter(Boolean) as (() => Promise<unknown>)[];
  for (const undo of cleanup) await undo().catch(() => {});
  out(failed ? "\nFAILED" : "\nPASSED: the stage ingests, merges, reads and resolves");
  if (failed) throw new CliError(1, "");
  return 0;
}
