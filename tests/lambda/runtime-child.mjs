// A stand-in for the Lambda Node.js runtime, run as a child process with the function's environment:
// imports the bundle from its task root, calls `handler(event, context)` once with a context that has a
// deadline, and prints the result on stdout after a marker. Plain JavaScript with no imports beyond Node's
// own, so nothing resolves from the project's node_modules. Modes: `invoke` (one event from stdin) and
// `load` (import each bundle path given on stdin, report which failed).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const MARK = "@@lambda-result@@";
const input = JSON.parse(readFileSync(0, "utf8"));

if (input.mode === "load") {
  const results = [];
  for (const file of input.files) {
    const started = performance.now();
    try {
      const mod = await import(pathToFileURL(file).href);
      results.push({
        file,
        ok: typeof mod.handler === "function",
        error: typeof mod.handler === "function" ? null : "no handler export",
        ms: performance.now() - started,
      });
    } catch (error) {
      results.push({
        file,
        ok: false,
        error: String(error?.message ?? error).slice(0, 500),
        ms: performance.now() - started,
      });
    }
  }
  process.stdout.write(`${MARK}${JSON.stringify(results)}\n`);
  process.exit(0);
}

/** The invocation context Lambda hands the handler, with a deadline. */
function makeContext(deadline) {
  return {
    functionName: input.functionName,
    functionVersion: "$LATEST",
    invokedFunctionArn: `arn:aws:lambda:us-east-1:123456789012:function:${input.functionName}`,
    memoryLimitInMB: "1024",
    awsRequestId: input.requestId,
    logGroupName: `/aws/lambda/${input.functionName}`,
    logStreamName: "fidelity",
    callbackWaitsForEmptyEventLoop: true,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done() {},
    fail() {},
    succeed() {},
  };
}

// `repeat`: one warm instance, as Lambda keeps it between invocations: the bundle is imported once and each
// event of `events` is handled in turn; reports each answer and its handler duration (bench/cost.ts).
if (input.mode === "repeat") {
  const { handler } = await import(pathToFileURL(input.file).href);
  const results = [];
  for (const event of input.events) {
    const started = performance.now();
    try {
      const result = await handler(event, {
        ...makeContext(Date.now() + input.timeoutMs),
        awsRequestId: crypto.randomUUID(),
      });
      results.push({ result: result ?? null, ms: performance.now() - started });
    } catch (error) {
      results.push({ error: String(error?.stack ?? error), ms: performance.now() - started });
    }
  }
  // A large answer reaches the pipe in several writes: exit once it is all out.
  await new Promise((resolve) => process.stdout.write(`${MARK}${JSON.stringify(results)}\n`, resolve));
  process.exit(0);
}

const context = makeContext(Date.now() + input.timeoutMs);
const timer = setTimeout(() => {
  process.stdout.write(`${MARK}${JSON.stringify({ error: `Task timed out after ${input.timeoutMs} ms` })}\n`);
  process.exit(1);
}, input.timeoutMs);
try {
  const { handler } = await import(pathToFileURL(input.file).href);
  const result = await handler(input.event, context);
  clearTimeout(timer);
  process.stdout.write(`${MARK}${JSON.stringify({ result: result ?? null })}\n`);
} catch (error) {
  clearTimeout(timer);
  process.stdout.write(`${MARK}${JSON.stringify({ error: String(error?.stack ?? error) })}\n`);
}
// Lambda freezes the process after the answer; open connections must not keep it alive here.
process.exit(0);
