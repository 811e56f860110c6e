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

describe("the seam", () => {
  const core = files(join(root, "core"));

  it("keeps core free of the environment and of transport packages", () => {
    const offenders = core.filter((f) => /process\.env|from ["'](aws-lambda|@middy\/[^"']*|sst(\/[^"']*)?)["']/.test(readFileSync(f, "utf8")));

    expect(offenders.map((f) => relative(root, f))).toEqual([]);
  });

  it("keeps features from importing adapters", () => {
    const features = core.filter((f) => !relative(root, f).startsWith("core/adapters/"));

    const offenders = features.filter((f) => /from ["'][^"']*adapters\//.test(readFileSync(f, "utf8")));

    expect(offenders.map((f) => relative(root, f))).toEqual([]);
  });

  it("keeps local-only packages out of every Lambda entry: only functions/local reach the embedded stores", () => {
    const lambdaSide = files(join(root, "functions")).filter((f) => !relative(root, f).startsWith("functions/local/") && relative(root, f) !== "scripts/rotate-secrets.ts");
    const embedded = /from ["'](@electric-sql\/pglite|chdb(\/[^"']*)?|[^"']*\/local\/[^"']*|[^"']*adapters\/postgres\/pglite|[^"']*adapters\/local\/[^"']*)["']|import\(["'][^"']*(pglite|\/local\/)[^"']*["']\)/;

    const offenders = lambdaSide.filter((f) => embedded.test(readFileSync(f, "utf8")));

    expect(offenders.map((f) => relative(root, f))).toEqual([]);
  });
});
