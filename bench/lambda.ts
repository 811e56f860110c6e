import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { allFunctions, bundleEntries, bundleFunctions, isolate, ROOT, sizeOf } from "../tests/lambda/bundle";
import { loadAll } from "../tests/lambda/invoke";
import { fmt, quantile } from "./lib";

const MB = 1_000_000;
const SIZE_TARGET = 1 * MB;
const INIT_TARGET_MS = 250;
const INIT_MEDIAN_TARGET_MS = 100;
const ENV = {
  SIGHTLINE_BUCKET: "b",
  SIGHTLINE_INGEST_QUEUE_URL: "http://127.0.0.1:1/q",
  SIGHTLINE_INGEST_DLQ_URL: "http://127.0.0.1:1/d",
  SIGHTLINE_EVAL_QUEUE_URL: "http://127.0.0.1:1/e",
  SIGHTLINE_EVAL_DLQ_URL: "http://127.0.0.1:1/ed",
  SIGHTLINE_EXPERIMENT_QUEUE_URL: "http://127.0.0.1:1/x",
  SIGHTLINE_EXPERIMENT_DLQ_URL: "http://127.0.0.1:1/xd",
  SIGHTLINE_SECRETS_ARN: "arn:aws:secretsmanager:us-east-1:1:secret:s",
  AWS_REGION: "us-east-1",
};

/** Module init of one bundle in a fresh process (median of `runs` cold starts), without network. */
async function initMs(taskRoot: string, file: string, runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const [result] = await loadAll(taskRoot, [file], ENV);
    if (!result?.ok) throw new Error(`${file} did not load: ${result?.error}`);
    times.push(result.ms);
  }
  return quantile(
    times.sort((a, b) => a - b),
    0.5,
  );
}

/** The entries of bench/auth-floor: better-auth alone, and with each plugin of ours that weighs more than a few KB. */
const AUTH_FLOORS = [
  ["bare", "better-auth, drizzle and `postgres`, no plugin"],
  ["passkeys", "the same with passkeys (`@better-auth/passkey`)"],
  ["oauth-provider", "the same with the OAuth provider of MCP (`@better-auth/mcp`, `jwt`)"],
  ["sso", "the same with SSO (`@better-auth/sso`: OIDC and SAML)"],
] as const;

/**
 * What any function that runs better-auth weighs at least (docs/deployment.md, "What ships"): the auth proxy is the one
 * function over 1 MB, and these say which split of it could be under.
 */
async function authFloorRows(root: string): Promise<string[]> {
  const built = await bundleEntries(
    Object.fromEntries(AUTH_FLOORS.map(([name]) => [name, join(ROOT, "bench", "auth-floor", `${name}.ts`)])),
    join(root, "auth-floor"),
  );
  return AUTH_FLOORS.map(([name, what]) => {
    const size = sizeOf(built.get(name)!);
    return `| ${what} | ${fmt(size / MB)} | ${size <= SIZE_TARGET ? "yes" : "**no**"} |`;
  });
}

/**
 * Size and module init of every function's bundle as `sst deploy` ships it (tests/lambda/bundle.ts), against
 * a hello-world Lambda bundled the same way in the same run (the floor of both figures).
 */
export async function benchLambda(): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), "sightline-bench-lambda-"));
  try {
    const functions = allFunctions();
    const hello = join(root, "src", "hello.ts");
    mkdirSync(join(root, "src"), { recursive: true });
    writeFileSync(hello, "export const handler = async () => ({ statusCode: 200, body: 'hello' });\n");
    const esbuild = (await import("esbuild")).default;
    await esbuild.build({
      entryPoints: [hello],
      bundle: true,
      minify: true,
      format: "esm",
      platform: "node",
      outfile: join(root, "hello", "hello.mjs"),
    });
    const baseSize = sizeOf(join(root, "hello", "hello.mjs"));
    const baseInit = await initMs(join(root, "hello"), join(root, "hello", "hello.mjs"), 5);

    const built = await bundleFunctions(functions);
    const rows: { handler: string; size: number; init: number }[] = [];
    for (const f of functions) {
      const task = join(root, "tasks", f.handler.replace(/[^a-z0-9]+/gi, "-"));
      const file = isolate(f.handler, built.get(f.handler)!, task);
      rows.push({ handler: f.handler, size: sizeOf(file), init: await initMs(task, file, 3) });
    }
    rows.sort((a, b) => b.size - a.size);
    const over = rows.filter((r) => r.size > SIZE_TARGET).length;
    const slow = rows.filter((r) => r.init > INIT_TARGET_MS).length;
    const sizes = rows.map((r) => r.size).sort((a, b) => a - b);
    const inits = rows.map((r) => r.init).sort((a, b) => a - b);
    return [
      "## Lambda bundles (issues 12 and 31)",
      "",
      `${rows.length} functions bundled with SST v2's esbuild options and \`minify\`, each loaded in a fresh process from a task root with no node_modules (median of 3 cold imports, no network). Baseline: a hello-world handler bundled the same way, ${fmt(baseSize / 1000, 1)} KB, init ${fmt(baseInit, 1)} ms.`,
      "",
      "| figure | min | median | max | target | met |",
      "| --- | --- | --- | --- | --- | --- |",
      `| bundle size (MB) | ${fmt(sizes[0]! / MB)} | ${fmt(quantile(sizes, 0.5) / MB)} | ${fmt(sizes.at(-1)! / MB)} | ≤ 1 | ${over === 0 ? "yes" : `**no**: ${over} of ${rows.length} over`} |`,
      `| module init (ms) | ${fmt(inits[0]!, 0)} | ${fmt(quantile(inits, 0.5), 0)} | ${fmt(inits.at(-1)!, 0)} | ≤ 250 | ${slow === 0 ? "yes" : `**no**: ${slow} over`} |`,
      `| module init, median (ms) | | ${fmt(quantile(inits, 0.5), 0)} | | ≤ ${INIT_MEDIAN_TARGET_MS} | ${quantile(inits, 0.5) <= INIT_MEDIAN_TARGET_MS ? "yes" : "**no**"} |`,
      `| init / hello-world | ${fmt(inits[0]! / baseInit, 1)}× | ${fmt(quantile(inits, 0.5) / baseInit, 1)}× | ${fmt(inits.at(-1)! / baseInit, 1)}× | | |`,
      "",
      "The least a function that runs better-auth ships, bundled the same way (bench/auth-floor):",
      "",
      "| better-auth with | size (MB) | ≤ 1 MB |",
      "| --- | --- | --- |",
      ...(await authFloorRows(root)),
      "",
      "| function | size (MB) | init (ms) |",
      "| --- | --- | --- |",
      ...rows.map((r) => `| \`${r.handler}\` | ${fmt(r.size / MB)} | ${fmt(r.init, 0)} |`),
      "",
    ].join("\n");
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("lambda.ts")) console.log(await benchLambda());
