import { readFileSync } from "node:fs";
import { compileContent } from "@core/prompts/template";
import { describe, expect, it } from "vitest";
import { verifySignature } from "../../../sdk/typescript/src/index.js";

/** The SDKs' shared cases (sdk/conformance/cases.json) hold what the service does: this keeps the file honest. */
interface CompileCase {
  name: string;
  content: any;
  variables: Record<string, string | number | boolean>;
  placeholders: Record<string, { role: string; content: string }[]>;
  expected: unknown;
}
interface SignatureCase {
  name: string;
  secret: string;
  timestamp: string;
  body: string;
  signature: string;
  now: number;
  toleranceSeconds?: number;
  valid: boolean;
}
const cases = JSON.parse(readFileSync(new URL("../../../sdk/conformance/cases.json", import.meta.url), "utf8")) as {
  compile: CompileCase[];
  signatures: SignatureCase[];
};

describe("sdk/conformance/cases.json", () => {
  it.each(cases.compile.map((c) => [c.name, c] as const))("compile: %s", (_, c) => {
    expect(compileContent(c.content, c.variables, c.placeholders)).toEqual(c.expected);
  });

  it.each(cases.signatures.map((c) => [c.name, c] as const))("signature: %s", async (_, c) => {
    expect(
      await verifySignature(c.secret, c.timestamp, c.body, c.signature, {
        now: new Date(c.now * 1000),
        ...(c.toleranceSeconds ? { toleranceSeconds: c.toleranceSeconds } : {}),
      }),
    ).toBe(c.valid);
  });
});
