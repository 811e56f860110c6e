import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * The repository's own files under `dirs` whose names end in `suffix`, as absolute paths: what git tracks plus new
 * files it does not ignore, never installed packages (e.g. sdk/typescript/node_modules after the SDK's own
 * `npm install`) or build output. Outside a git checkout (an unpacked archive) a walk stands in that skips
 * node_modules and dot folders.
 */
export function sourceFiles(root: string, dirs: readonly string[], suffix: string): string[] {
  let listed: string[];
  try {
    listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", ...dirs], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 64 * 1024 * 1024,
    })
      .split("\0")
      .filter(Boolean)
      .map((f) => join(root, f));
  } catch {
    listed = dirs.flatMap((d) => (existsSync(join(root, d)) ? walk(join(root, d)) : []));
  }
  // A tracked file deleted in the work tree is listed by git but is not source any more.
  return [...new Set(listed)].filter((f) => f.endsWith(suffix) && existsSync(f)).sort();
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === "node_modules" || e.name.startsWith(".")) return [];
    const path = join(dir, e.name);
    return e.isDirectory() ? walk(path) : [path];
  });
}
