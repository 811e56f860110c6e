import { dirname, resolve } from "node:path";
import type { FunctionProps } from "sst/constructs";

/** An esbuild plugin as the esbuild SST bundles with takes it (SST carries its own esbuild). */
export type EsbuildPlugin = NonNullable<
  NonNullable<NonNullable<FunctionProps["nodejs"]>["esbuild"]>["plugins"]
>[number];

const NAMESPACE = "zod-locales";

/**
 * zod's namespace objects (`z.core`, `z.locales`) carry every locale it ships, about 270 KB minified, in any bundle
 * whose code reads the namespace as a value: better-auth's OAuth provider does (`z.core.toDotPath`), so the auth
 * function carried all of them. Our messages are English and nothing of ours or of our packages picks another
 * locale, so zod's own imports of its locale index resolve to a module with English alone (docs/deployment.md,
 * "What ships"). A package that read `z.locales.fr` would get `undefined`; tests/stacks/bundle-trims.test.ts
 * holds the rule.
 */
export const zodEnglishOnly: EsbuildPlugin = {
  name: "zod-english-only",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
        ? { path: resolve(dirname(args.importer), args.path), namespace: NAMESPACE }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      resolveDir: dirname(args.path),
      loader: "js",
    }));
  },
};
