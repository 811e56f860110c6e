import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** Start-up code that writes before the service answers a request, when no access can be cached yet. */
const BEFORE_SERVING = new Set(["core/tenancy/bootstrap.ts"]);

// A session's role is served from memory on a store this process owns, so a write to memberships, organizations or
// projects that does not move the access generation would leave a lowered role in force (docs/auth.md, "Sessions").
describe("writers of people's access", () => {
  it("all go through afterAccessWrite", () => {
    const writes =
      /\.(insert|update|delete)\((memberships|organizations|projects)\)|\b(insert\s+into|update|delete\s+from)\s+"?(memberships|organizations|projects)\b/i;
    const writers = [...files(join(root, "core")), ...files(join(root, "functions"))].filter((f) =>
      writes.test(readFileSync(f, "utf8")),
    );

    const offenders = writers
      .map((f) => relative(root, f))
      .filter((f) => !BEFORE_SERVING.has(f) && !readFileSync(join(root, f), "utf8").includes("afterAccessWrite("));

    expect(writers.length).toBeGreaterThan(2);
    expect(offenders).toEqual([]);
  });
});
