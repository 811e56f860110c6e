import { compileContent, placeholdersOf, substitute, variablesOf } from "@core/prompts/template";
import { describe, expect, it } from "vitest";

describe("substitute", () => {
  it("fills known variables, tolerates inner spaces and leaves unknown ones exactly as written", () => {
    expect(substitute("Hi {{name}} / {{ name }} / {{ other }} / {{name", { name: "Ada" })).toBe(
      "Hi Ada / Ada / {{ other }} / {{name",
    );
  });

  it("does not scan substituted values again and reads own keys only", () => {
    expect(substitute("{{a}} {{toString}}", { a: "{{b}}", b: "no" })).toBe("{{b}} {{toString}}");
  });

  it("writes numbers and booleans as text", () => {
    expect(substitute("{{n}} {{ok}}", { n: 3, ok: false })).toBe("3 false");
  });
});

describe("compileContent", () => {
  it("compiles TEXT to a string", () => {
    expect(compileContent("Hello {{x}}", { x: "y" }, {})).toBe("Hello y");
  });

  it("fills slots in place, removes unfilled or emptied slots, and substitutes in every message", () => {
    const content = [
      { role: "system", content: "For {{u}}" },
      { type: "placeholder" as const, name: "history" },
      { type: "placeholder" as const, name: "unfilled" },
      { type: "placeholder" as const, name: "empty" },
      { role: "user", content: "{{q}}" },
    ];

    const compiled = compileContent(
      content,
      { u: "Ada", q: "Why?" },
      { history: [{ role: "assistant", content: "Hi {{u}}" }], empty: [] },
    );

    expect(compiled).toEqual([
      { role: "system", content: "For Ada" },
      { role: "assistant", content: "Hi Ada" },
      { role: "user", content: "Why?" },
    ]);
  });
});

describe("variablesOf and placeholdersOf", () => {
  it("lists variable names once, in order", () => {
    expect(variablesOf("{{b}} {{a}} {{ b }}")).toEqual(["b", "a"]);
    expect(
      variablesOf([
        { role: "user", content: "{{q}}" },
        { type: "placeholder", name: "h" },
      ]),
    ).toEqual(["q"]);
  });

  it("lists CHAT slot names once, and none for TEXT", () => {
    expect(
      placeholdersOf([
        { type: "placeholder", name: "h" },
        { role: "user", content: "x" },
        { type: "placeholder", name: "h" },
      ]),
    ).toEqual(["h"]);
    expect(placeholdersOf("{{h}}")).toEqual([]);
  });
});
