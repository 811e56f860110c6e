import { cpSync, mkdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { routes } from "@functions/routes";
import { schedules } from "@functions/schedules";
import { workers } from "@functions/queue-workers";
import { FUNCTION_DEFAULTS } from "../../stacks/lambda";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The deploy-time migration function (stacks/cron.ts). */
export const MIGRATE_HANDLER = "functions/deploy/migrate.handler";

export interface LambdaFunction {
  /** `functions/api/traces/get-trace.handler`, as the tables write it. */
  handler: string;
  kind: "route" | "worker" | "schedule" | "script";
}

/** Every function the stacks deploy, from the same tables the stacks read. */
export function allFunctions(): LambdaFunction[] {
  const seen = new Map<string, LambdaFunction>();
  for (const r of routes) seen.set(r.handler, { handler: r.handler, kind: "route" });
  for (const w of workers) seen.set(w.handler, { handler: w.handler, kind: "worker" });
  for (const s of schedules) seen.set(s.handler, { handler: s.handler, kind: "schedule" });
  seen.set(MIGRATE_HANDLER, { handler: MIGRATE_HANDLER, kind: "script" });
  return [...seen.values()];
}

const modulePath = (handler: string) => handler.slice(0, handler.lastIndexOf("."));

/** SST v2's own esbuild (the version `sst deploy` bundles with), not the project's. */
function sstEsbuild(): typeof import("esbuild") {
  const sstRequire = createRequire(join(ROOT, "node_modules/sst/runtime/handlers/node.js"));
  return sstRequire("esbuild") as typeof import("esbuild");
}

/**
 * Bundles the functions with the options SST v2 uses for an ESM Node function (runtime/handlers/node.js:
 * esm, esnext, `module` before `main`, the createRequire banner, keepNames, its forced externals) plus our
 * FUNCTION_DEFAULTS (external local-only packages). Each entry is bundled on its own, as SST does.
 * @returns the output file of each handler, under `outDir`.
 */
export async function bundleFunctions(functions: LambdaFunction[], outDir: string, options: { minify?: boolean } = {}): Promise<Map<string, string>> {
  const esbuild = sstEsbuild();
  const entryPoints = Object.fromEntries(functions.map((f) => [modulePath(f.handler), join(ROOT, `${modulePath(f.handler)}.ts`)]));
  await esbuild.build({
    entryPoints,
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    platform: "node",
    external: ["sharp", "pg-native", ...FUNCTION_DEFAULTS.nodejs.esbuild.external],
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
      ].join("\n"),
    },
    minify: options.minify ?? false,
    tsconfig: join(ROOT, "tsconfig.json"),
  });
  return new Map(functions.map((f) => [f.handler, join(outDir, `${modulePath(f.handler)}.mjs`)]));
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
