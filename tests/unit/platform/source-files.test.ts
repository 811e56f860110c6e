import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sourceFiles } from "../../support/source-files";

// What the boundary checks read (tests/unit/platform/boundaries.test.ts): the repository's own source, never packages.
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function tree(files: Record<string, string>) {
  dir = mkdtempSync(join(tmpdir(), "sightline-source-files-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

const git = (...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd: dir, stdio: "ignore" });
const listed = (dirs: string[]) => sourceFiles(dir, dirs, ".ts").map((f) => relative(dir, f));

const REPO = {
  ".gitignore": "node_modules/\ndist/\n",
  "core/a.ts": "export const a = 1;\n",
  "sdk/typescript/src/index.ts": "export {};\n",
  // What `npm install` inside sdk/typescript leaves: types that read process.env and import anything.
  "sdk/typescript/node_modules/typescript/lib/lib.dom.d.ts": "declare const env: typeof process.env;\n",
  "sdk/typescript/dist/index.d.ts": "export {};\n",
  "core/notes.md": "not TypeScript\n",
};

describe("sourceFiles", () => {
  it("lists tracked and new unignored files of a git checkout, never installed packages or ignored build output", () => {
    tree(REPO);
    git("init", "-q");
    git("add", ".gitignore", "core/a.ts", "sdk/typescript/src/index.ts");
    git("commit", "-qm", "init");
    writeFileSync(join(dir, "core/new.ts"), "export {};\n");

    expect(listed(["core", "sdk"])).toEqual(["core/a.ts", "core/new.ts", "sdk/typescript/src/index.ts"]);
  });

  it("leaves out a tracked file deleted in the work tree", () => {
    tree(REPO);
    git("init", "-q");
    git("add", ".");
    git("commit", "-qm", "init");
    rmSync(join(dir, "core/a.ts"));

    expect(listed(["core"])).toEqual([]);
  });

  it("walks a tree that is not a git checkout, skipping node_modules", () => {
    tree({ ...REPO, "core/.hidden/x.ts": "export {};\n" });

    expect(listed(["core", "sdk", "missing"])).toEqual([
      "core/a.ts",
      "sdk/typescript/dist/index.d.ts",
      "sdk/typescript/src/index.ts",
    ]);
  });
});
