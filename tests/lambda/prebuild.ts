// Builds the shared Lambda bundles into the test cache (tests/lambda/bundle-cache.ts), or finds them current there.
// The global setup runs it in the background at the start of a run that includes their readers, so the build
// overlaps with other test files instead of holding up the stack test (docs/benchmarks.md, "Test suite").
import { allFunctions, bundleFunctions } from "./bundle";

await bundleFunctions(allFunctions());
