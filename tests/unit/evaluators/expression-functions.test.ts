import { describe, expect, it } from "vitest";
import { compileExpression } from "../../../core/evaluators/expression";
import { AppError } from "../../../core/platform/errors";

const value = (source: string, vars: Record<string, unknown> = {}) => compileExpression(source).evaluate(vars);

function failure(source: string, vars: Record<string, unknown> = {}): string {
  try {
    compileExpression(source).evaluate(vars);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  }
  throw new Error(`expected ${source} to fail`);
}

describe("expression functions: strings", () => {
  it("contains, startsWith and endsWith test strings; null reads as no match", () => {
    expect(value('contains("Paris, France", "France")')).toBe(true);
    expect(value('contains("Paris", "paris")')).toBe(false);
    expect(value('startsWith("Answer: 4", "Answer")')).toBe(true);
    expect(value('endsWith("Done.", ".")')).toBe(true);
    expect(value('contains(missing, "a")')).toBe(false);
    expect(value('startsWith("a", missing)')).toBe(false);
    expect(value('endsWith(missing, "a")')).toBe(false);
  });

  it("contains also finds an element of an array by deep equality", () => {
    expect(value('contains(["a", {b: 1}], {b: 1})')).toBe(true);
    expect(value("contains([1, 2], 3)")).toBe(false);
  });

  it("refuses a non-string subject with a message naming the argument", () => {
    expect(failure('contains(5, "5")')).toBe("contains() expects a string as argument 1, got number 5 at position 1");
    expect(failure('startsWith("a", 1)')).toBe(
      "startsWith() expects a string as argument 2, got number 1 at position 1",
    );
    expect(failure("lower(true)")).toBe("lower() expects a string as argument 1, got boolean true at position 1");
  });

  it("lower, upper and trim transform strings and pass null through", () => {
    expect(value('lower("ÀbC")')).toBe("àbc");
    expect(value('upper("abc")')).toBe("ABC");
    expect(value('trim("  a b \\n")')).toBe("a b");
    expect(value("lower(missing)")).toBe(null);
    expect(value("upper(missing)")).toBe(null);
    expect(value("trim(missing)")).toBe(null);
  });

  it("words counts whitespace-separated words; null and blank have none", () => {
    expect(value('words("  the quick\\n brown\\tfox ")')).toBe(4);
    expect(value('words("")')).toBe(0);
    expect(value('words("   ")')).toBe(0);
    expect(value("words(missing)")).toBe(0);
  });

  it("matches runs a regular expression anywhere in the subject", () => {
    expect(value('matches("order 2024-05-01", "\\d{4}-\\d{2}-\\d{2}")')).toBe(true);
    expect(value('matches("abc", "^b")')).toBe(false);
    expect(value('matches("yes", "^(yes|no)$")')).toBe(true);
    expect(value('matches(missing, "a")')).toBe(false);
    expect(value("matches(output, pattern)", { output: "cat", pattern: "c.t" })).toBe(true);
  });

  it("matches reports a bad pattern given at run time as an error, not a crash", () => {
    expect(failure("matches(output, pattern)", { output: "a", pattern: "(" })).toBe(
      'Invalid regular expression "(" (unterminated group, pattern character 1) at position 1',
    );
    expect(failure("matches(output, pattern)", { output: "a", pattern: "(a*)*" })).toContain(
      "nested repetition is refused",
    );
    expect(failure("matches(output, 5)", { output: "a" })).toBe(
      "matches() expects a regular expression string as argument 2, got number 5 at position 1",
    );
  });
});

describe("expression functions: JSON", () => {
  it("jsonValid accepts parseable strings and already structured values", () => {
    expect(value('jsonValid("{\\"a\\": 1}")')).toBe(true);
    expect(value('jsonValid("{a: 1}")')).toBe(false);
    expect(value('jsonValid("")')).toBe(false);
    expect(value("jsonValid(output)", { output: { a: 1 } })).toBe(true);
    expect(value("jsonValid(missing)")).toBe(false);
  });

  it("jsonParse parses strings, gives null for invalid JSON and passes structured values through", () => {
    expect(value('jsonParse("[1, 2]")')).toEqual([1, 2]);
    expect(value('jsonParse("nope")')).toBe(null);
    expect(value("jsonParse(output)", { output: { a: 1 } })).toEqual({ a: 1 });
  });

  it("jsonParse keeps a __proto__ key as inert data that reads are refused", () => {
    const parsed = value('jsonParse("{\\"__proto__\\": {\\"polluted\\": true}}")') as object;

    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(failure('jsonPath(jsonParse("{\\"__proto__\\": 1}"), "__proto__")')).toBe(
      'Property name "__proto__" is refused at position 1',
    );
  });

  it("jsonPath follows dotted paths with numeric array segments; missing reads as null", () => {
    const vars = { output: { a: { b: [{ c: 3 }] } } };

    expect(value('jsonPath(output, "a.b.0.c")', vars)).toBe(3);
    expect(value('jsonPath(output, "a.x.0")', vars)).toBe(null);
    expect(value('jsonPath(output, "a.b.9")', vars)).toBe(null);
    expect(value('jsonPath(output, "")', vars)).toEqual(vars.output);
    expect(value('jsonPath(output, "a.toString")', vars)).toBe(null);
    expect(failure('jsonPath(output, "a.constructor")', vars)).toBe(
      'Property name "constructor" is refused at position 1',
    );
  });

  it("has checks own keys and array indexes", () => {
    const vars = { output: { a: null, list: [0] } };

    expect(value('has(output, "a")', vars)).toBe(true);
    expect(value('has(output, "b")', vars)).toBe(false);
    expect(value('has(output, "toString")', vars)).toBe(false);
    expect(value("has(output.list, 0)", vars)).toBe(true);
    expect(value("has(output.list, 1)", vars)).toBe(false);
    expect(value('has("text", "length")')).toBe(false);
    expect(value('has(missing, "a")')).toBe(false);
    expect(failure('has(output, "__proto__")', vars)).toBe('Property name "__proto__" is refused at position 1');
  });

  it("exactMatch compares deeply", () => {
    expect(value("exactMatch({a: [1, {b: null}]}, {a: [1, {b: null}]})")).toBe(true);
    expect(value("exactMatch({a: 1}, {a: 1, b: 2})")).toBe(false);
    expect(value('exactMatch(1, "1")')).toBe(false);
    expect(value("exactMatch(missing, null)")).toBe(true);
  });
});

describe("expression functions: numbers and misc", () => {
  it("num reads numbers and decimal strings, anything else is null", () => {
    expect(value("num(2)")).toBe(2);
    expect(value('num(" -3.5e1 ")')).toBe(-35);
    expect(value('num("0x10")')).toBe(null);
    expect(value('num("")')).toBe(null);
    expect(value('num("Infinity")')).toBe(null);
    expect(value("num(true)")).toBe(null);
    expect(value("num(missing)")).toBe(null);
  });

  it("abs and round work on numbers and pass null through", () => {
    expect(value("abs(-2.5)")).toBe(2.5);
    expect(value("abs(missing)")).toBe(null);
    expect(value("round(2.5)")).toBe(3);
    expect(value("round(-2.5)")).toBe(-3);
    expect(value("round(1.005, 2)")).toBe(1.01);
    expect(value("round(0.123456, 3)")).toBe(0.123);
    expect(value("round(1e-9, 2)")).toBe(0);
    expect(value("round(missing, 1)")).toBe(null);
    expect(failure('abs("1")')).toBe('abs() expects a number as argument 1, got string "1" at position 1');
    expect(failure("round(1.5, 1.5)")).toBe(
      "round() expects a whole number of digits from 0 to 15 as argument 2, got number 1.5 at position 1",
    );
  });

  it("min and max take numbers or one array, skipping nulls", () => {
    expect(value("min(3, 1, 2)")).toBe(1);
    expect(value("max(3, 1, 2)")).toBe(3);
    expect(value("max(output.scores)", { output: { scores: [0.2, null, 0.9] } })).toBe(0.9);
    expect(value("min(missing)")).toBe(null);
    expect(value("max([])")).toBe(null);
    expect(failure('max(1, "2")')).toBe('max() expects numbers, got string "2" at position 1');
  });

  it("len sizes strings, arrays and objects; null has size 0", () => {
    expect(value('len("abc")')).toBe(3);
    expect(value("len([1, 2])")).toBe(2);
    expect(value("len({a: 1, b: 2})")).toBe(2);
    expect(value("len(missing)")).toBe(0);
    expect(failure("len(5)")).toBe("len() expects a string, array or object as argument 1, got number 5 at position 1");
  });

  it("isEmpty is true for null, empty string, empty array and empty object only", () => {
    for (const empty of ["missing", '""', "[]", "{}"]) expect(value(`isEmpty(${empty})`)).toBe(true);
    for (const full of ['" "', "[null]", "{a: null}", "0", "false"]) expect(value(`isEmpty(${full})`)).toBe(false);
  });

  it("coalesce returns the first non-null argument, evaluating no further", () => {
    expect(value("coalesce(missing, output.x, 0.5, 1 / 0)", { output: {} })).toBe(0.5);
    expect(value("coalesce(missing)")).toBe(null);
    expect(value("coalesce(false, true)")).toBe(false);
  });

  it("x.length is the length of a string or an array", () => {
    expect(value("output.length", { output: "four" })).toBe(4);
    expect(value("output.length", { output: [1, 2] })).toBe(2);
    expect(value("output.length", { output: { length: 7 } })).toBe(7);
    expect(value("output.length", { output: {} })).toBe(null);
  });
});

describe("expression variables", () => {
  it("reads input, output, expected, metadata and mapped variables; absent ones are null", () => {
    const vars = { input: "q", output: "a", expected: "a", metadata: { k: 1 }, context: ["doc"] };

    expect(value("input + output + expected", vars)).toBe("qaa");
    expect(value("metadata.k", vars)).toBe(1);
    expect(value("context[0]", vars)).toBe("doc");
    expect(value("expected", { input: 1 })).toBe(null);
  });

  it("never reads a variable from the prototype of the variables object", () => {
    expect(value("toString")).toBe(null);
    expect(value("hasOwnProperty")).toBe(null);
  });

  it("reads undefined and functions as null, so no callable value is reachable", () => {
    expect(value("output", { output: undefined })).toBe(null);
    expect(value("output", { output: () => 1 })).toBe(null);
    expect(value("output.f", { output: { f: () => 1 } })).toBe(null);
  });
});
