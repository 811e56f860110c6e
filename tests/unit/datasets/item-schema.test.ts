import { cellValue, compileItemSchema, ItemSchema } from "@core/datasets";
import { describe, expect, it } from "vitest";

describe("item schema validation", () => {
  const validate = compileItemSchema(
    ItemSchema.parse({
      input: {
        required: ["q"],
        properties: {
          q: { type: "string" },
          n: { type: ["integer", "null"] },
          tag: { enum: ["a", "b"] },
          mode: { type: "string", enum: ["x"] },
        },
      },
      expectedOutput: { type: ["string", "object"] },
    }),
  );

  it("accepts valid items and undeclared fields", () => {
    expect(validate({ q: "hi", n: 3, extra: [1] }, "out")).toEqual([]);
    expect(validate({ q: "hi", n: null }, { any: "object" })).toEqual([]);
    expect(validate({ q: "hi" }, undefined)).toEqual([]);
    expect(validate({ q: "hi" }, null)).toEqual([]);
  });

  it("names the dotted field with the exact messages", () => {
    expect(validate({}, undefined)).toEqual([{ field: "input.q", message: "required" }]);
    expect(validate({ q: "x", tag: "c" }, undefined)).toEqual([
      { field: "input.tag", message: "must be one of: a, b" },
    ]);
    expect(validate({ q: "x", n: 1.5 }, 3)).toEqual([
      { field: "input.n", message: "must be of type integer or null" },
      { field: "expectedOutput", message: "must be of type string or object" },
    ]);
    expect(validate({ q: "x", mode: 1 }, undefined)).toEqual([
      { field: "input.mode", message: "must be of type string" },
    ]);
    expect(validate("bare", undefined)).toEqual([{ field: "input", message: "must be of type object" }]);
    expect(validate(["q"], undefined)).toEqual([{ field: "input", message: "must be of type object" }]);
  });

  it("checks a typed input that is not an object, and no schema accepts anything", () => {
    expect(compileItemSchema(ItemSchema.parse({ input: { type: "string" } }))({ a: 1 }, undefined)).toEqual([
      { field: "input", message: "must be of type string" },
    ]);
    expect(compileItemSchema(null)(undefined, 1)).toEqual([]);
  });
});

describe("CSV cells", () => {
  it("parses cells that look like a JSON object or array and leaves everything else a string", () => {
    expect(cellValue('{"a": 1}')).toEqual({ a: 1 });
    expect(cellValue("  [1, 2] ")).toEqual([1, 2]);
    expect(cellValue("123")).toBe("123");
    expect(cellValue("true")).toBe("true");
    expect(cellValue('"quoted"')).toBe('"quoted"');
    expect(cellValue("{broken")).toBe("{broken");
    expect(cellValue("[not json]")).toBe("[not json]");
    expect(cellValue("")).toBe("");
  });
});
