import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const CHILD = fileURLToPath(new URL("./runtime-child.mjs", import.meta.url));
const MARK = "@@lambda-result@@";

/** Runs the runtime stand-in in `cwd` with exactly `env` (plus PATH), feeding `input` on stdin. */
async function runChild(
  cwd: string,
  env: Record<string, string>,
  input: unknown,
): Promise<{ parsed: any; output: string }> {
  return spawnChild(placeChild(cwd), cwd, env, input);
}

/** Copies the runtime stand-in into `cwd`, where a task root's code would be; returns its path. */
function placeChild(cwd: string): string {
  const script = join(cwd, "runtime-child.mjs");
  copyFileSync(CHILD, script);
  return script;
}

async function spawnChild(
  script: string,
  cwd: string,
  env: Record<string, string>,
  input: unknown,
): Promise<{ parsed: any; output: string }> {
  const child = spawn(process.execPath, [script], {
    cwd,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  child.stdin.end(JSON.stringify(input));
  await new Promise((resolve) => child.on("close", resolve));
  const line = output.split("\n").find((l) => l.startsWith(MARK));
  if (!line) throw new Error(`the runtime stand-in printed no result:\n${output}`);
  return { parsed: JSON.parse(line.slice(MARK.length)), output };
}

export interface Invocation {
  result: any;
  error?: string;
  /** Everything the function printed (its logs). */
  output: string;
}

/** Invokes one bundled handler once, as the Lambda runtime would, in a fresh process (a cold start). */
export async function invoke(
  taskRoot: string,
  file: string,
  event: unknown,
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<Invocation> {
  const functionName = file.split("/").pop()!.replace(".mjs", "");
  const { parsed, output } = await runChild(
    taskRoot,
    { LAMBDA_TASK_ROOT: taskRoot, AWS_LAMBDA_FUNCTION_NAME: functionName, ...env },
    { mode: "invoke", file, event, timeoutMs, functionName, requestId: randomUUID() },
  );
  return { result: parsed.result, ...(parsed.error ? { error: parsed.error } : {}), output };
}

/**
 * Imports each bundle in a child process; which loaded and exported `handler`, with its import time. Two children
 * share the files and run at once: importing a bundle is parsing megabytes of code on one core, and one process
 * doing all of them left the other core to the rest of the suite (45 s alone, 30 s in two, on this machine).
 */
export async function loadAll(
  cwd: string,
  files: string[],
  env: Record<string, string>,
): Promise<{ file: string; ok: boolean; error: string | null; ms: number }[]> {
  const script = placeChild(cwd);
  const halves = [files.filter((_, i) => i % 2 === 0), files.filter((_, i) => i % 2 === 1)];
  const answers = await Promise.all(halves.map((half) => spawnChild(script, cwd, env, { mode: "load", files: half })));
  return answers.flatMap((answer) => answer.parsed);
}

/**
 * Invokes one bundled handler with each event in turn in ONE process: the first call is the cold start, the
 * rest are warm, as on a Lambda instance that stays up. Each answer comes with the handler's own duration;
 * `outputBytes` is what the function printed in all (its log lines).
 */
export async function invokeWarm(
  taskRoot: string,
  file: string,
  events: unknown[],
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<{ results: { result?: any; error?: string; ms: number }[]; outputBytes: number }> {
  const functionName = file.split("/").pop()!.replace(".mjs", "");
  const { parsed, output } = await runChild(
    taskRoot,
    { LAMBDA_TASK_ROOT: taskRoot, AWS_LAMBDA_FUNCTION_NAME: functionName, ...env },
    { mode: "repeat", file, events, timeoutMs, functionName, requestId: randomUUID() },
  );
  const marker = output.split("\n").find((l) => l.startsWith(MARK))!;
  return { results: parsed, outputBytes: Buffer.byteLength(output) - Buffer.byteLength(marker) - 1 };
}
