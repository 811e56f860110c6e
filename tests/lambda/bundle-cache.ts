import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CACHE_ROOT, hashFiles, sha256, withLock } from "../support/cache";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The source of the esbuild plugins FUNCTION_DEFAULTS passes (stacks/lambda.ts). */
const BUILD_PLUGINS = ["stacks/bundle-trims.ts"];

interface Manifest {
  /** Every file esbuild read (paths relative to the repository), with the hash of its contents then. */
  inputs: Record<string, string>;
  /** For each handler, the npm packages its bundle carries. */
  packages: Record<string, string[]>;
}

export interface CachedBuild {
  outDir: string;
  packages: Record<string, string[]>;
}

const hashOf = (path: string) =>
  existsSync(path) ? createHash("sha256").update(readFileSync(path)).digest("hex") : "missing";

function readManifest(dir: string): Manifest | null {
  try {
    return JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as Manifest;
  } catch {
    return null;
  }
}

/** The build is current when every file it read still has the contents it had then. */
const current = (manifest: Manifest) =>
  Object.entries(manifest.inputs).every(([path, hash]) => hashOf(resolve(ROOT, path)) === hash);

/**
 * One esbuild build of the Lambda functions, shared by the stack test, the Lambda-fidelity suite and the bundle
 * benchmark, within a run and across runs (docs/benchmarks.md, "Test suite"). An entry is keyed by the build options,
 * esbuild's version, the lock file and tsconfig.json (they decide which files resolve), and is reused while every
 * input esbuild read (our sources and the packages', from its metafile) is unchanged; otherwise it is rebuilt.
 */
export async function cachedBuild(spec: {
  esbuildVersion: string;
  /** esbuild's options for an output directory; only their JSON keys the cache. */
  options: (outDir: string) => object;
  build: (outDir: string) => Promise<{ inputs: string[]; packages: Record<string, string[]> }>;
}): Promise<CachedBuild> {
  const key = sha256(
    JSON.stringify({
      esbuild: spec.esbuildVersion,
      options: spec.options("<out>"),
      resolution: hashFiles(["package-lock.json", "tsconfig.json"].map((f) => join(ROOT, f))),
      // Plugins are functions, which the options' JSON leaves out: their source decides what they resolve.
      plugins: hashFiles(BUILD_PLUGINS.map((f) => join(ROOT, f))),
    }),
  );
  const dir = join(CACHE_ROOT, `bundles-${key.slice(0, 16)}`);
  const hit = () => {
    const manifest = readManifest(dir);
    return manifest && current(manifest) ? { outDir: join(dir, "build"), packages: manifest.packages } : null;
  };
  return (
    hit() ??
    withLock(`bundles-${key.slice(0, 16)}`, async () => {
      const again = hit();
      if (again) return again;
      const partial = `${dir}.partial-${process.pid}`;
      rmSync(partial, { recursive: true, force: true });
      mkdirSync(partial, { recursive: true });
      const { inputs, packages } = await spec.build(join(partial, "build"));
      const manifest: Manifest = {
        inputs: Object.fromEntries(inputs.map((p) => [p, hashOf(resolve(ROOT, p))])),
        packages,
      };
      writeFileSync(join(partial, "manifest.json"), JSON.stringify(manifest));
      rmSync(dir, { recursive: true, force: true });
      renameSync(partial, dir);
      dropOtherBuilds(dir);
      return { outDir: join(dir, "build"), packages };
    })
  );
}

/** Removes the builds of other options (hundreds of megabytes each); builds in progress and locks stay. */
function dropOtherBuilds(kept: string): void {
  for (const name of readdirSync(CACHE_ROOT)) {
    const path = join(CACHE_ROOT, name);
    if (/^bundles-[0-9a-f]{16}$/.test(name) && path !== kept) rmSync(path, { recursive: true, force: true });
  }
}
