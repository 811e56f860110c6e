import type { Deps } from "@core/platform/deps";

let current: Promise<Deps> | undefined;

/**
 * The dependencies of this process. On Lambda they are built once per cold start
 * from the environment; the local runtime and tests install theirs first.
 */
export function getDeps(): Promise<Deps> {
  current ??= import("./aws").then((aws) => aws.buildAwsDeps(process.env));
  return current;
}

/** Installs the dependencies every handler of this process will use. */
export function provideDeps(deps: Deps): void {
  current = Promise.resolve(deps);
}
