import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { BUNDLE_READERS } from "./bundle-readers";

/**
 * Small files that run long (they drive a whole service, an SDK suite or a browser). Vitest orders a first run by
 * file size, which put these last, where one fork ran them alone while the other had nothing left to do.
 */
const LONG_FOR_THEIR_SIZE = [
  "tests/sdk/python.test.ts",
  "tests/integration/local/restart.test.ts",
  "tests/integration/api/route-fuzz.test.ts",
  "tests/integration/ingest/crash.test.ts",
];

/**
 * Vitest's order (longest first when it knows the durations of an earlier run, largest file first when it does
 * not), except on a first run: the files that run long for their size go first, and the files reading the Lambda
 * bundles start after a quarter of the others, since the global setup builds the bundles meanwhile and a reader
 * scheduled first would hold a fork idle while it waits for them (docs/benchmarks.md, "Test suite").
 */
export class BundlesBuiltFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const path = (spec: TestSpecification) => relative(root, spec.moduleId);
    const known = (spec: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${spec.project.name}:${path(spec)}`) !== undefined;
    const readers = sorted.filter((spec) => BUNDLE_READERS.includes(path(spec)));
    if (sorted.every(known)) return sorted;
    const long = sorted.filter((spec) => LONG_FOR_THEIR_SIZE.includes(path(spec)) && !known(spec));
    const others = sorted.filter((spec) => !readers.includes(spec) && !long.includes(spec));
    const at = Math.floor(others.length / 4);
    return [...long, ...others.slice(0, at), ...readers, ...others.slice(at)];
  }
}
