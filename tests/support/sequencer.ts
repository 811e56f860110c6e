import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { BUNDLE_READERS } from "./bundle-readers";

/**
 * Vitest's order (longest first when it knows the durations of an earlier run, largest file first when it does
 * not), except that on a first run the files reading the Lambda bundles start after a quarter of the others: the
 * global setup builds the bundles meanwhile, and a reader scheduled first would hold a fork idle while it waits
 * for them (docs/benchmarks.md, "Test suite").
 */
export class BundlesBuiltFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const path = (spec: TestSpecification) => relative(root, spec.moduleId);
    const known = (spec: TestSpecification) => this.ctx.cache.getFileTestResults(`${spec.project.name}:${path(spec)}`) !== undefined;
    const readers = sorted.filter((spec) => BUNDLE_READERS.includes(path(spec)));
    if (readers.length === 0 || readers.every(known)) return sorted;
    const others = sorted.filter((spec) => !readers.includes(spec));
    const at = Math.floor(others.length / 4);
    return [...others.slice(0, at), ...readers, ...others.slice(at)];
  }
}
