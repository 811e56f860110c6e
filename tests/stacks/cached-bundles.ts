import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join, parse, relative, resolve } from "node:path";
import { useRuntimeHandlers } from "sst/runtime/handlers.js";
import { ROOT } from "../lambda/bundle";

type NodeHandler = ReturnType<ReturnType<typeof useRuntimeHandlers>["for"]>;
type BuildInput = Parameters<NodeHandler["build"]>[0];

/** One function bundled by SST itself, next to the shared bundle of the same handler. */
export interface Sample {
  handler: string;
  sst: string;
  shared: string;
}

/**
 * Makes `app.finish()` take each function's code from the shared bundles (tests/lambda/bundle.ts, built once per
 * change of the sources and also run by the Lambda-fidelity suite) instead of bundling every function again
 * (docs/benchmarks.md, "Test suite"). The file lands where SST's Node handler writes it (runtime/handlers/node.js:
 * the handler's directory under the artifact folder, `.mjs`) and the handler string is computed the same way.
 * The `sampled` function is still bundled by SST itself and both files are kept, so the stack test can check that
 * the shared bundles are what `sst deploy` builds.
 */
export function serveCachedBundles(
  bundles: Map<string, string>,
  sampled: string,
): { sample: () => Sample | undefined } {
  const handlers = useRuntimeHandlers();
  const original = handlers.for;
  const node = original("nodejs22.x");
  let sample: Sample | undefined;

  handlers.for = (runtime: string) => {
    const handler = original(runtime);
    if (handler !== node) return handler;
    return {
      ...node,
      async build(input: BuildInput) {
        const bundle = input.props.handler ? bundles.get(input.props.handler) : undefined;
        if (!bundle || input.mode !== "deploy") return node.build(input);
        const parsed = parse(input.props.handler!);
        const target = join(input.out, relative(ROOT, resolve(ROOT, parsed.dir)), `${parsed.name}.mjs`);
        if (input.props.handler === sampled && !sample) {
          const built = await node.build(input);
          sample = {
            handler: input.props.handler!,
            sst: readFileSync(target, "utf8"),
            shared: readFileSync(bundle, "utf8"),
          };
          return built;
        }
        mkdirSync(dirname(target), { recursive: true });
        copyFileSync(bundle, target);
        return {
          type: "success" as const,
          handler: relative(input.out, target.replace(/\.mjs$/, parsed.ext))
            .split("\\")
            .join("/"),
        };
      },
    };
  };
  return { sample: () => sample };
}
