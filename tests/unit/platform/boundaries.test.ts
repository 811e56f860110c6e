import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../../support/source-files";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** The repository's TypeScript under `dir`: its own source only, never installed packages (tests/support/source-files.ts). */
const files = (dir: string) => sourceFiles(root, [relative(root, dir)], ".ts");

describe("the seam", () => {
  const core = files(join(root, "core"));

  it("keeps core free of the environment and of transport packages", () => {
    const offenders = core.filter((f) =>
      /process\.env|from ["'](aws-lambda|@middy\/[^"']*|sst(\/[^"']*)?)["']/.test(readFileSync(f, "utf8")),
    );

    expect(offenders.map((f) => relative(root, f))).toEqual([]);
  });

  it("keeps features from importing adapters", () => {
    const features = core.filter((f) => !relative(root, f).startsWith("core/adapters/"));

    const offenders = features.filter((f) => /from ["'][^"']*adapters\//.test(readFileSync(f, "utf8")));

    expect(offenders.map((f) => relative(root, f))).toEqual([]);
  });

  it("keeps local-only packages out of every Lambda entry: only functions/local reach the embedded stores", () => {
    const lambdaSide = files(join(root, "functions")).filter(
      (f) => !relative(root, f).startsWith("functions/local/") && relative(root, f) !== "scripts/rotate-secrets.ts",
    );
    const embedded =
      /from ["'](@electric-sql\/pglite|chdb(\/[^"']*)?|[^"']*\/local\/[^"']*|[^"']*adapters\/postgres\/pglite|[^"']*adapters\/local\/[^"']*)["']|import\(["'][^"']*(pglite|\/local\/)[^"']*["']\)/;

    const offenders = lambdaSide.filter((f) => embedded.test(readFileSync(f, "utf8")));

    expect(offenders.map((f) => relative(root, f))).toEqual([]);
  });

  it("lets a feature be reached only through its index: no file outside core/<feature>/ imports its internals", () => {
    // platform is the shared kernel and adapters sit behind its ports; core/platform/schema.ts gathers every
    // feature's drizzle tables into the one schema drizzle needs (docs/architecture.md).
    const shared = new Set(["platform", "adapters"]);
    // A second entry for a heavy part the index leaves out, so that what imports the index does not load it
    // (better-auth: docs/architecture.md, "Start-up").
    const entries = new Set(["auth/create-auth"]);
    const sources = ["core", "functions", "scripts", "bench", "sdk", "stacks"].flatMap((d) => files(join(root, d)));
    const offenders: string[] = [];
    for (const file of sources) {
      const from = relative(root, file);
      for (const [, spec] of readFileSync(file, "utf8").matchAll(/(?:from|import\()\s*["']([^"']+)["']/g)) {
        const target = spec!.startsWith("@core/")
          ? `core/${spec!.slice(6)}`
          : spec!.startsWith(".")
            ? relative(root, resolve(dirname(file), spec!))
            : null;
        const feature = target?.match(/^core\/([^/]+)(?:\/(.+))?$/);
        if (!feature || shared.has(feature[1]!) || from.startsWith(`core/${feature[1]}/`)) continue;
        const inner = feature[2];
        if (inner === undefined || inner === "index" || entries.has(`${feature[1]}/${inner}`)) continue;
        if (from === "core/platform/schema.ts" && inner.endsWith(".sql")) continue;
        offenders.push(`${from} → ${target}`);
      }
    }

    expect(offenders).toEqual([]);
  });
});

describe('scores have one home (docs/architecture.md, "Rules that keep the seam")', () => {
  /** The repository paths a file imports (relative or `@core/` specifiers), without extension. */
  const importsOf = (file: string) =>
    [...readFileSync(file, "utf8").matchAll(/(?:from|import\()\s*["']([^"']+)["']/g)].flatMap(([, spec]) =>
      spec!.startsWith("@core/")
        ? [`core/${spec!.slice(6)}`]
        : spec!.startsWith(".")
          ? [relative(root, resolve(dirname(file), spec!))]
          : [],
    );
  const importing = (dirs: string[], forbidden: RegExp) =>
    dirs
      .flatMap((d) => files(join(root, d)))
      .flatMap((f) => importsOf(f).map((target) => `${relative(root, f)} → ${target}`))
      .filter((edge) => forbidden.test(edge.split(" → ")[1]!));

  it("keeps core/scores from importing core/traces: traces import scores, never the reverse", () => {
    expect(importing(["core/scores"], /^core\/traces(\/|$)/)).toEqual([]);
  });

  it("keeps the shared read engine in core/reads free of both features it serves", () => {
    expect(importing(["core/reads"], /^core\/(traces|scores)(\/|$)/)).toEqual([]);
  });

  it("leaves no score read in core/traces: no file named for scores, no exported score declaration", () => {
    const traces = files(join(root, "core/traces"));
    const scoreDeclaration = /export\s+(?:async\s+)?(?:function|const|let|class|interface|type|enum)\s+\w*score/i;

    const offenders = traces.filter(
      (f) => /score/i.test(relative(join(root, "core/traces"), f)) || scoreDeclaration.test(readFileSync(f, "utf8")),
    );

    expect(offenders.map((f) => relative(root, f))).toEqual([]);
  });

  it("exports each feature's names as declared: an index renames nothing it re-exports (namespaces aside)", () => {
    const indexes = files(join(root, "core")).filter((f) => f.endsWith("/index.ts"));
    // `export { a as b }` inside braces; `export * as Name` groups a module and is allowed.
    const renamed = /export\s+(?:type\s+)?\{[^}]*\b\w+\s+as\s+\w+[^}]*\}/s;

    const offenders = indexes.filter((f) => renamed.test(readFileSync(f, "utf8")));

    expect(offenders.map((f) => relative(root, f))).toEqual([]);
  });
});

describe("the repository stands on its own", () => {
  const sources = ["core", "functions", "scripts", "sdk", "stacks", "bench", "tests"].flatMap((d) =>
    files(join(root, d)),
  );
  // Pages only: docs/console/ holds the console's screenshots.
  const docs = readdirSync(join(root, "docs"))
    .map((f) => join(root, "docs", f))
    .filter((f) => statSync(f).isFile());

  it("cites no document outside it: rules are stated in docs/, and comments point there", () => {
    const outside = /SPEC\.md|DECISIONS\.md|\.\.\/shared|\bspec,? (section )?\d|\bthe spec\b|\bspecification\b/i;

    const offenders = [...sources, ...docs, join(root, "README.md")].filter((f) =>
      outside.test(readFileSync(f, "utf8")),
    );

    expect(offenders.map((f) => relative(root, f))).toEqual([]);
  });

  it("points only to docs pages and sections that exist", () => {
    const missing: string[] = [];
    for (const file of sources) {
      for (const [, page, section] of readFileSync(file, "utf8").matchAll(/docs\/([a-z0-9-]+\.md)(?:, "([^"]+)")?/g)) {
        const path = join(root, "docs", page!);
        if (!existsSync(path)) missing.push(`${relative(root, file)}: docs/${page}`);
        else if (
          section &&
          !readFileSync(path, "utf8")
            .split("\n")
            .some((line) => /^#+ /.test(line) && line.replace(/^#+ /, "").trim() === section)
        ) {
          missing.push(`${relative(root, file)}: docs/${page}, "${section}"`);
        }
      }
    }

    expect(missing).toEqual([]);
  });
});

describe("the tests' own seams", () => {
  it("keeps each feature's integration tests to their own files and tests/support: none imports another feature's", () => {
    const integration = join(root, "tests/integration");
    const featureOf = (file: string) => relative(integration, file).split("/")[0];
    const offenders = files(integration).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/from ["'](\.[^"']*)["']/g)]
        .map((m) => resolve(dirname(file), m[1]!))
        .filter((target) => !relative(integration, target).startsWith("..") && featureOf(target) !== featureOf(file))
        .map((target) => `${relative(root, file)} -> ${relative(root, target)}`),
    );

    expect(offenders).toEqual([]);
  });
});
