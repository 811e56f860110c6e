import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { type EsbuildPlugin, zodEnglishOnly } from "../../stacks/bundle-trims";
import { FUNCTION_DEFAULTS } from "../../stacks/lambda";
import { ROOT, sstEsbuild } from "../lambda/bundle";

const scratch = mkdtempSync(join(tmpdir(), "sightline-trims-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Reads zod's namespaces as values, as better-auth's OAuth provider does (`z.core.toDotPath`).
const ENTRY = `
import * as z from "zod";
export const locales = Object.keys(z.locales);
export const coreLocales = Object.keys(z.core.locales);
export const message = () => z.string().safeParse(1).error.issues[0].message;
`;

async function bundle(plugins: EsbuildPlugin[]) {
  const result = await sstEsbuild().build({
    stdin: { contents: ENTRY, resolveDir: ROOT, loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "node",
    mainFields: ["module", "main"],
    minify: true,
    write: false,
    metafile: true,
    logLevel: "silent",
    plugins,
  });
  const locales = Object.keys(result.metafile.inputs)
    .filter((input) => /node_modules\/zod\/v4\/locales\/(?!index)/.test(input))
    .map((input) => input.slice(input.lastIndexOf("/") + 1));
  return { code: result.outputFiles[0]!.text, locales };
}

describe("the bundle trims every function is built with (stacks/bundle-trims.ts)", () => {
  it("are the plugins of the stack's default function props", () => {
    expect(FUNCTION_DEFAULTS.nodejs.esbuild.plugins).toEqual([zodEnglishOnly]);
  });

  it("leave zod's locales but English out of a bundle that reads its namespaces, and zod still speaks English", async () => {
    const whole = await bundle([]);
    const trimmed = await bundle([zodEnglishOnly]);

    expect(whole.locales).toContain("fr.js");
    expect(trimmed.locales).toEqual(["en.js"]);
    expect(trimmed.code.length).toBeLessThan(whole.code.length - 200_000);

    const file = join(scratch, "trimmed.mjs");
    writeFileSync(file, trimmed.code);
    const loaded = (await import(pathToFileURL(file).href)) as {
      locales: string[];
      coreLocales: string[];
      message: () => string;
    };
    expect(loaded.locales).toEqual(["en"]);
    expect(loaded.coreLocales).toEqual(["en"]);
    expect(loaded.message()).toBe("Invalid input: expected string, received number");
  });
});
