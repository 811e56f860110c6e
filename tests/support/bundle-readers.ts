/** The test files that read the shared Lambda bundles (tests/lambda/bundle.ts), relative to the repository. */
export const BUNDLE_READERS = [
  "tests/stacks/stacks.test.ts",
  "tests/lambda/fidelity.test.ts",
  "tests/lambda/fidelity-sign-in.test.ts",
  "tests/lambda/contents.test.ts",
  "tests/integration/mcp/model-call.test.ts",
];
