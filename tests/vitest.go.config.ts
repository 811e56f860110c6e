import { defaultExclude, defineConfig } from "vitest/config";
import base, { OWN_COMMAND_SUITES } from "./vitest.config";

/** `npm run test:go`: the Go SDK suite alone (it needs Go; `npm test` leaves it out). */
export default defineConfig({
  ...base,
  // No global setup: it only builds the Lambda bundles, which this suite does not read.
  test: {
    ...base.test,
    globalSetup: [],
    projects: undefined,
    include: OWN_COMMAND_SUITES.filter((s) => s.command === "npm run test:go").map((s) => s.file),
    exclude: defaultExclude,
  },
});
