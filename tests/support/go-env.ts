import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The environment for running the Go toolchain on sdk/go. Its build cache and module path default
 * under $HOME, which CI may not have or may not let us write: a shared directory under the system
 * temp keeps them, so later runs reuse the compiled packages. The SDK uses the standard library
 * only, so the module proxy is switched off (no network).
 */
export function goEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const cache = join(tmpdir(), "sightline-go");
  mkdirSync(cache, { recursive: true });
  return {
    ...process.env,
    GOCACHE: process.env.GOCACHE ?? join(cache, "build"),
    GOPATH: process.env.GOPATH ?? join(cache, "path"),
    GOPROXY: "off",
    ...extra,
  };
}
