import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig({
  root,
  resolve: {
    alias: {
      "@core": `${root}core`,
      "@functions": `${root}functions`,
    },
  },
  test: {
    include: ["tests/**/*.test.ts"],
    // chDB crashes at exit inside worker threads, and allows one data directory per process.
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ["tests/support/global-setup.ts"],
  },
});
