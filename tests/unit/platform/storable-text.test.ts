import { jsonTextExceedsDepth, nulPath, parseWellFormedJson, valueExceedsDepth } from "@core/platform/storable-text";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

describe("storable text", () => {
  it("measures nesting the same on JSON text as on the parsed value, whatever the strings hold", () => {
    const strings = fc.string({ unit: fc.constantFrom("[", "]", "{", "}", '"', "\\", "a", "\u0000") });
    const values = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: "small" }, strings, fc.integer(), tie("array"), tie("object")),
      array: fc.array(tie("value"), { maxLength: 3 }),
      object: fc.dictionary(strings, tie("value"), { maxKeys: 3 }),
    })).value;

    fc.assert(
      fc.property(values, fc.integer({ min: 0, max: 6 }), (value, limit) => {
        expect(jsonTextExceedsDepth(JSON.stringify(value), limit)).toBe(valueExceedsDepth(value, limit));
      }),
    );
  });

  it("answers for a value nested far beyond the stack's reach, and at the limit exactly", () => {
    const nested = (levels: number) => {
      let value: unknown = 1;
      for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
      return value;
    };

    expect(valueExceedsDepth(nested(100_000))).toBe(true);
    expect(valueExceedsDepth(nested(64))).toBe(false);
    expect(valueExceedsDepth(nested(65))).toBe(true);
  });

  it("names the first string or key holding a NUL, in document order", () => {
    expect(nulPath({ a: "ok", b: [{ c: "x" }, "y\u0000"], d: "\u0000" })).toBe("b.1");
    expect(nulPath({ "k\u0000": 1 })).toBe("k\u0000");
    expect(nulPath("\u0000")).toBe("");
    expect(nulPath({ a: ["clean", 1, null] })).toBeNull();
  });

  it("replaces lone surrogates in strings and keys, keeps pairs, and walks any depth", () => {
    const deep = `${"[".repeat(50_000)}"\\ud800"${"]".repeat(50_000)}`;

    expect(parseWellFormedJson('{"a\\udc00":["\\ud83d\\ude00","x\\ud800y"]}')).toEqual({
      "a\ufffd": ["😀", "x\ufffdy"],
    });
    let inner = parseWellFormedJson(deep) as unknown;
    while (Array.isArray(inner)) inner = inner[0];
    expect(inner).toBe("\ufffd");
  });
});
