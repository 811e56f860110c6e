// `npm install` runs this (the `prepare` script): it builds the web console into console/dist, so `npm start`
// serves it without building at start (docs/console.md, "Build and serve"). An install without dev dependencies
// has no Vite: it skips the build and says so instead of failing the install.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL("..", import.meta.url));
let vite;
try {
  vite = join(dirname(require.resolve("vite/package.json")), "bin", "vite.js");
} catch {
  console.log(
    "Vite is not installed (dev dependencies omitted): the web console is not built; run npm run build after installing them.",
  );
  process.exit(0);
}
const result = spawnSync(
  process.execPath,
  [vite, "build", "--config", "console/vite.config.ts", "--logLevel", "warn"],
  { cwd: root, stdio: "inherit" },
);
process.exit(result.status ?? 1);
