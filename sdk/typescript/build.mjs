// `npm run build`, and `prepare` (npm runs it for `npm install <this directory>` and for `npm pack`): writes dist/,
// the library with its declarations (tsc) and the `sightline` command (sdk/cli bundled by esbuild into one file, so the
// package keeps no runtime dependencies). The tools come from the repository's own install (`npm install` at its root):
// they are resolved from here upwards, so nothing is installed inside this directory (README, "Install").
import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const require = createRequire(import.meta.url);

function resolveTool(name, entry) {
  try {
    return require.resolve(entry);
  } catch {
    console.error(
      `@sightline/sdk: building needs ${name}, which the repository's install provides: run \`npm install\` at the repository's root first (or install the tarball of \`npm pack\`, which is built).`,
    );
    process.exit(1);
  }
}
const tsc = resolveTool("TypeScript", "typescript/bin/tsc");
const esbuild = await import(pathToFileURL(resolveTool("esbuild", "esbuild")).href);

rmSync(`${here}dist`, { recursive: true, force: true });
const compiled = spawnSync(process.execPath, [tsc, "-p", `${here}tsconfig.json`], { stdio: "inherit" });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

await esbuild.build({
  entryPoints: [`${here}../cli/main.ts`],
  outfile: `${here}dist/cli.js`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // The CommonJS packages bundled in (cli-progress, csv-parse) call require() for Node's modules.
  banner: {
    js: '#!/usr/bin/env node\nimport { createRequire as __sightlineRequire } from "node:module";\nconst require = __sightlineRequire(import.meta.url);',
  },
  logLevel: "warning",
});
chmodSync(`${here}dist/cli.js`, 0o755);
// `sightline cost` reads its price and measurement tables next to itself.
cpSync(`${here}../cli/cost`, `${here}dist/cost`, { recursive: true });
