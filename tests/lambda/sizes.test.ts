import { describe, expect, it } from "vitest";
import { allFunctions, bundleFunctions, sizeOf } from "./bundle";

/** Issue 31's target for every function as shipped (docs/deployment.md, "What ships"). */
const SIZE_TARGET = 1_000_000;
/**
 * The one function over the target, better-auth with its plugins (docs/deployment.md: no split of `/v1/auth/*`
 * by plugin gets each part under 1 MB). Held at what it ships now, so a library that grows it is seen.
 */
const OVER_TARGET = new Map([["functions/api/auth/proxy.handler", 2_700_000]]);

describe("what each function ships (the bundles of tests/lambda/bundle.ts, as sst deploy builds them)", () => {
  it("is within 1 MB, but for the auth proxy, which is held at its budget", async () => {
    const functions = allFunctions();
    const files = await bundleFunctions(functions);
    const over = functions
      .map((f) => ({ handler: f.handler, bytes: sizeOf(files.get(f.handler)!) }))
      .filter(({ handler, bytes }) => bytes > (OVER_TARGET.get(handler) ?? SIZE_TARGET));

    expect(over).toEqual([]);
  }, 240_000);
});
