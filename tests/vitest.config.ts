import { fileURLToPath } from "node:url";
import { defaultExclude, defineConfig } from "vitest/config";
import { BundlesBuiltFirst } from "./support/sequencer";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * Suites that need a toolchain npm cannot install. `npm test` leaves them out and says so in its last line
 * (tests/support/own-command-reporter.ts); each runs by its own command, and .ci/run runs them all (README, "Set up").
 */
export const OWN_COMMAND_SUITES = [
  { file: "tests/sdk/go.test.ts", name: "the Go SDK suite", needs: "Go 1.19 or later", command: "npm run test:go" },
  {
    file: "tests/sdk/go-quickstart.test.ts",
    name: "the Go quick start",
    needs: "Go 1.19 or later",
    command: "npm run test:go",
  },
] as const;

/** Files that replace a module (`vi.mock`): they need the modules loaded afresh (the "own-modules" project below). */
const OWN_MODULES = ["tests/integration/prompts/resolve-race.test.ts"];

export default defineConfig({
  root,
  resolve: {
    alias: {
      "@core": `${root}core`,
      "@functions": `${root}functions`,
    },
  },
  test: {
    // chDB crashes at exit inside worker threads, and allows one data directory per process at a time.
    pool: "forks",
    // Each fork runs test files one after another without reloading the modules they share (the service, its stores'
    // drivers, better-auth): loading them for every file was a third of the suite's time
    // (docs/benchmarks.md, "Test suite"). Files must therefore stop what they start (apps close their stores, which
    // releases chDB's directory).
    isolate: false,
    poolOptions: { forks: { maxForks: 2, minForks: 1, isolate: false } },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ["tests/support/global-setup.ts"],
    // Runs in every test file: a file that registers an OpenTelemetry provider cannot leave it to the next one.
    setupFiles: ["tests/support/release-otel-after-file.ts"],
    sequence: { sequencer: BundlesBuiltFirst },
    // Vitest runs one project after the other and starts new forks between them: the files that mock a module
    // come last, in forks of their own.
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          include: ["tests/**/*.test.ts"],
          exclude: [...defaultExclude, ...OWN_COMMAND_SUITES.map((s) => s.file), ...OWN_MODULES],
        },
      },
      { extends: true, test: { name: "own-modules", include: OWN_MODULES } },
    ],
  },
});
