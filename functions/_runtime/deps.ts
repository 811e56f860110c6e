import type { Deps } from "@core/platform/deps";
import type { Env } from "./env";
import type { BaseDeps, DepsWith, Port, PortName } from "./ports";

let provided: Deps | undefined;
let base: Promise<{ env: Env; deps: BaseDeps }> | undefined;
const opened = new Map<PortName, Promise<unknown>>();

/** Memoizes a cold-start step; a failure is not kept, so the next invocation tries again. */
function once<T>(
  get: () => Promise<T> | undefined,
  set: (p: Promise<T> | undefined) => void,
  make: () => Promise<T>,
): Promise<T> {
  const existing = get();
  if (existing) return existing;
  const made = make().catch((error: unknown) => {
    set(undefined);
    throw error;
  });
  set(made);
  return made;
}

/**
 * The dependencies of a handler that uses the ports `uses`. On Lambda the base is built once per cold
 * start from the environment, and each port is opened once, on its first use; the local runtime and tests
 * install every dependency first.
 */
export async function getDeps<N extends PortName = never>(uses: readonly Port<N>[] = []): Promise<DepsWith<N>> {
  if (provided) return provided;
  const { env, deps } = await once(
    () => base,
    (p) => (base = p),
    () => import("./aws").then((aws) => aws.buildAwsBase(process.env)),
  );
  const adapters = await Promise.all(
    uses.map(
      async (port) =>
        [
          port.name,
          await once(
            () => opened.get(port.name),
            (p) => (p ? opened.set(port.name, p) : opened.delete(port.name)),
            async () => port.open(env, deps),
          ),
        ] as const,
    ),
  );
  return Object.assign({}, deps, Object.fromEntries(adapters)) as DepsWith<N>;
}

/** Installs the dependencies every handler of this process will use. */
export function provideDeps(deps: Deps): void {
  provided = deps;
}
