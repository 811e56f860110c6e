import { cpSync, mkdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { eventRules } from "@functions/event-rules";
import { invokedFunctions } from "@functions/invoked-functions";
import { workers } from "@functions/queue-workers";
import { routes } from "@functions/routes";
import { schedules } from "@functions/schedules";
import { FUNCTION_DEFAULTS } from "../../stacks/lambda";
import { cachedBuild } from "./bundle-cache";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The deploy-time migration function (stacks/cron.ts). */
export const MIGRATE_HANDLER = "functions/deploy/migrate.handler";

export interface LambdaFunction {
  /** `functions/api/traces/get-trace.handler`, as the tables write it. */
  handler: string;
  kind: "route" | "worker" | "schedule" | "event" | "invoked" | "script";
}

/** Every function the stacks deploy, from the same tables the stacks read. */
export function allFunctions(): LambdaFunction[] {
  const seen = new Map<string, LambdaFunction>();
  for (const r of routes) seen.set(r.handler, { handler: r.handler, kind: "route" });
  for (const w of workers) seen.set(w.handler, { handler: w.handler, kind: "worker" });
  for (const s of schedules) seen.set(s.handler, { handler: s.handler, kind: "schedule" });
  for (const e of eventRules) seen.set(e.handler, { handler: e.handler, kind: "event" });
  for (const i of invokedFunctions) seen.set(i.handler, { handler: i.handler, kind: "invoked" });
  seen.set(MIGRATE_HANDLER, { handler: MIGRATE_HANDLER, kind: "script" });
  return [...seen.values()];
}

const modulePath = (handler: string) => handler.slice(0, handler.lastIndexOf("."));

/** The esbuild SST v2 carries, a version of its own (the project's is another, with other types). */
type SstEsbuild = typeof import("../../node_modules/sst/node_modules/esbuild/lib/main");

/** SST v2's own esbuild (the version `sst deploy` bundles with), not the project's. */
export function sstEsbuild(): SstEsbuild {
  const sstRequire = createRequire(join(ROOT, "node_modules/sst/runtime/handlers/node.js"));
  return sstRequire("esbuild") as SstEsbuild;
}

/**
 * The esbuild options SST v2 uses for an ESM Node function (runtime/handlers/node.js: esm, esnext, `module` before
 * `main`, the createRequire banner, keepNames, its forced externals) plus our FUNCTION_DEFAULTS (minify, external
 * local-only packages, the bundle trims' plugins). Each entry is bundled on its own, as SST does (no code splitting): one build with many entry points
 * writes the same files as one build per entry.
 */
function bundleOptions(functions: LambdaFunction[], outDir: string): Parameters<SstEsbuild["build"]>[0] {
  return shippedOptions(
    Object.fromEntries(functions.map((f) => [modulePath(f.handler), join(ROOT, `${modulePath(f.handler)}.ts`)])),
    outDir,
  );
}

/** bundleOptions for any entry files (output name → source path), as SST would bundle them as handlers. */
function shippedOptions(entryPoints: Record<string, string>, outDir: string): Parameters<SstEsbuild["build"]>[0] {
  // SST spreads `nodejs.esbuild` over its own options after taking `external` out of it (runtime/handlers/node.js).
  const { external, ...override } = FUNCTION_DEFAULTS.nodejs.esbuild;
  return {
    metafile: true,
    absWorkingDir: ROOT,
    entryPoints,
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    platform: "node",
    external: ["sharp", "pg-native", ...external],
    keepNames: true,
    bundle: true,
    logLevel: "silent",
    format: "esm",
    target: "esnext",
    mainFields: ["module", "main"],
    banner: {
      js: [
        `import { createRequire as topLevelCreateRequire } from 'module';`,
        `const require = topLevelCreateRequire(import.meta.url);`,
        `import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url"`,
        `const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url))`,
        // SST appends the function's `nodejs.banner`; ours set none.
        "",
      ].join("\n"),
    },
    minify: FUNCTION_DEFAULTS.nodejs.minify,
    ...override,
    // No `tsconfig` option, as SST passes none: esbuild reads the nearest tsconfig.json of each file, so the root
    // one's strictness does not reach the packages' CommonJS code (an explicit one would add "use strict" there).
  };
}

/**
 * Bundles the functions as `sst deploy` does (bundleOptions) and returns the output file of each handler. The
 * bundles come from the shared cache when nothing they were built from has changed (bundle-cache.ts); treat the
 * files as read-only (isolate() copies them).
 */
export async function bundleFunctions(functions: LambdaFunction[]): Promise<Map<string, string>> {
  return (await bundleWithPackages(functions)).files;
}

/**
 * Bundles entry files that are not in the stacks' tables with the same options (uncached), for figures measured
 * beside the functions (bench/lambda.ts). Returns the output file of each entry.
 */
export async function bundleEntries(entryPoints: Record<string, string>, outDir: string): Promise<Map<string, string>> {
  await sstEsbuild().build(shippedOptions(entryPoints, outDir));
  return new Map(Object.keys(entryPoints).map((name) => [name, join(outDir, `${name}.mjs`)]));
}

/** The npm package of a bundled input path (`node_modules/@scope/name/...` → `@scope/name`), or null for our own files. */
const packageOf = (input: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? null;

/** As bundleFunctions, and for each handler the npm packages its bundle carries (from esbuild's metafile). */
export async function bundleWithPackages(
  functions: LambdaFunction[],
): Promise<{ files: Map<string, string>; packages: Map<string, Set<string>> }> {
  const esbuild = sstEsbuild();
  const built = await cachedBuild({
    esbuildVersion: esbuild.version,
    options: (outDir) => bundleOptions(functions, outDir),
    build: async (outDir) => {
      const result = await esbuild.build(bundleOptions(functions, outDir));
      const byOutput = new Map(
        Object.entries(result.metafile!.outputs).map(([file, output]) => [resolve(ROOT, file), output]),
      );
      const packages = Object.fromEntries(
        functions.map((f) => {
          const inputs = Object.entries(
            byOutput.get(join(outDir, `${modulePath(f.handler)}.mjs`))?.inputs ?? {},
          ).filter(([, v]) => v.bytesInOutput > 0);
          return [
            f.handler,
            [...new Set(inputs.map(([input]) => packageOf(input)).filter((p): p is string => p !== null))],
          ];
        }),
      );
      return { inputs: Object.keys(result.metafile!.inputs), packages };
    },
  });
  const files = new Map(functions.map((f) => [f.handler, join(built.outDir, `${modulePath(f.handler)}.mjs`)]));
  const packages = new Map(functions.map((f) => [f.handler, new Set(built.packages[f.handler] ?? [])]));
  return { files, packages };
}

/**
 * Copies one bundle into its own directory with nothing above it but the temp root, as Lambda's task root
 * (`/var/task` holds the bundle and the copied files; no node_modules). Returns the bundle's path there.
 */
export function isolate(handler: string, bundle: string, taskRoot: string): string {
  const target = join(taskRoot, `${modulePath(handler)}.mjs`);
  mkdirSync(dirname(target), { recursive: true });
  cpSync(bundle, target);
  if (handler === MIGRATE_HANDLER) cpSync(join(ROOT, "migrations"), join(taskRoot, "migrations"), { recursive: true });
  return target;
}

export const sizeOf = (file: string) => statSync(file).size;
