import { defaultExclude, defineConfig } from "vitest/config";
import base, { OWN_COMMAND_SUITES } from "./vitest.config";

/** `npm run test:go`: the Go SDK suite alone (it needs Go; `npm test` leaves it out). */
export default defineConfig({
  ...base,
  test: { ...base.test, projects: undefined, include: OWN_COMMAND_SUITES.filter((s) => s.command === "npm run test:go").map((s) => s.file), exclude: defaultExclude },
});
