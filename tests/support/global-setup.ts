import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { BUNDLE_READERS } from "./bundle-readers";

const root = fileURLToPath(new URL("../../", import.meta.url));

let prebuild: ChildProcess | undefined;

/**
 * Starts building the Lambda bundles in a child process when this run will read them: the build takes half a minute
 * and would otherwise hold up the first file that needs it (docs/benchmarks.md, "Test suite"). The readers wait on
 * the cache's lock, which the child holds while it builds; a current cache makes the child return at once.
 */
export default function setup(project: TestProject) {
  // Vitest's file filters from the command line (substrings of paths); none means every file.
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  const reads = !filters || filters.some((f) => BUNDLE_READERS.some((file) => file.includes(f.replace(/^\.\//, ""))));
  if (!reads || prebuild) return;
  prebuild = spawn(process.execPath, ["--import", "tsx", "tests/lambda/prebuild.ts"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const child = prebuild;
  return async () => {
    // A reader that found the build failed has built it again itself and reported why; here it only has to end.
    if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve));
  };
}
