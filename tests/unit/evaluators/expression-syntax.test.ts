import { describe, expect, it } from "vitest";
import { compileExpression, EXPRESSION_LIMITS } from "../../../core/evaluators/expression";
import { AppError } from "../../../core/platform/errors";

const value = (source: string, vars: Record<string, unknown> = {}) => compileExpression(source).evaluate(vars);

function compileError(source: string, options?: Parameters<typeof compileExpression>[1]): AppError {
  try {
    compileExpression(source, options);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("invalid_input");
    return error as AppError;
  }
  throw new Error(`expected ${source} not to compile`);
}

describe("expression syntax", () => {
  it("reads numbers, strings with either quote and escapes, booleans and null", () => {
    expect(value("42")).toBe(42);
    expect(value("0.25")).toBe(0.25);
    expect(value("1e-3")).toBe(0.001);
    expect(value(`'it\\'s'`)).toBe("it's");
    expect(value(`"a\\"b\\n\\t\\u0041\\\\"`)).toBe('a"b\n\tA\\');
    expect(value("true")).toBe(true);
    expect(value("false")).toBe(false);
    expect(value("null")).toBe(null);
  });

  it("keeps the backslash of unknown escapes, so regex classes need no doubling", () => {
    expect(value(`"\\d+\\b"`)).toBe("\\d+\\b");
  });

  it("builds arrays and objects, with trailing commas and string keys", () => {
    expect(value(`[1, "a", [true],]`)).toEqual([1, "a", [true]]);
    expect(value(`{a: 1, "b c": [2], not: null,}`)).toEqual({ a: 1, "b c": [2], not: null });
  });

  it("binds operators by precedence: * over +, + over comparison, comparison over and, and over or, ?: loosest", () => {
    expect(value("1 + 2 * 3")).toBe(7);
    expect(value("(1 + 2) * 3")).toBe(9);
    expect(value("10 - 4 - 3")).toBe(3);
    expect(value("12 / 3 / 2")).toBe(2);
    expect(value("1 + 1 == 2 and 2 < 3")).toBe(true);
    expect(value("true or false and false")).toBe(true);
    expect(value("false ? 1 : true ? 2 : 3")).toBe(2);
    expect(value("1 < 2 ? 0.5 : 0")).toBe(0.5);
  });

  it("binds not as tightly as !, so not a == b means (not a) == b", () => {
    expect(value("not false == true")).toBe(true);
    expect(value("!true == false")).toBe(true);
    expect(value("-2 * 3")).toBe(-6);
  });

  it("reads members, indexes and lengths, also after calls and literals", () => {
    const vars = { output: { items: [{ name: "x" }], "a-b": 1 } };

    expect(value("output.items[0].name", vars)).toBe("x");
    expect(value('output["a-b"]', vars)).toBe(1);
    expect(value("output.items.length", vars)).toBe(1);
    expect(value('jsonParse("{\\"a\\": [5]}").a[0]')).toBe(5);
    expect(value('"hello".length')).toBe(5);
    expect(value("[1, 2, 3][1 + 1]")).toBe(3);
  });

  it("names the 1-based position of a broken expression", () => {
    expect(compileError("lower(output)) ").message).toBe('Unexpected token ")" at position 14');
    expect(compileError("(1 + 2").message).toBe("Unexpected end of expression at position 7");
    expect(compileError("1 # 2").message).toBe('Unexpected character "#" at position 3');
    expect(compileError('"abc').message).toBe("Unterminated string at position 1");
    expect(compileError("").message).toBe("Unexpected end of expression at position 1");
  });

  it("names line and column as well in a multi-line expression", () => {
    const error = compileError("len(output) > 3 and\n  contains(output, )");

    expect(error.message).toBe('Unexpected token ")" at line 2, column 20 (position 40)');
    expect(error.details).toMatchObject({ phase: "compile", position: 40, line: 2, column: 20 });
  });

  it("refuses unknown functions, wrong argument counts and calls on anything but a built-in name", () => {
    expect(compileError("eval(output)").message).toBe('Unknown function "eval" at position 1');
    expect(compileError("round(1, 2, 3)").message).toBe(
      "Function round() takes 1 to 2 arguments but got 3 at position 1",
    );
    expect(compileError("lower()").message).toBe("Function lower() takes 1 argument but got 0 at position 1");
    expect(compileError("min()").message).toBe("Function min() takes at least 1 argument but got 0 at position 1");
    expect(compileError("output.toString()").message).toBe(
      'Only built-in functions can be called, and only by name: unexpected "(" at position 16',
    );
    expect(compileError("(lower)(output)").message).toContain("Only built-in functions can be called");
  });

  it("refuses __proto__, constructor and prototype wherever a property name is written", () => {
    for (const source of [
      "input.__proto__",
      'input["constructor"]',
      "input.a.prototype",
      "{__proto__: 1}",
      "constructor",
    ]) {
      expect(compileError(source).message).toMatch(
        /^Property name "(__proto__|constructor|prototype)" is refused at position \d+$/,
      );
    }
  });

  it("refuses duplicate object keys", () => {
    expect(compileError("{a: 1, a: 2}").message).toBe('Duplicate key "a" at position 8');
  });

  it("refuses unknown variables when the caller lists the known ones", () => {
    const variables = new Set(["input", "output", "expected", "metadata", "context"]);

    expect(compileError("ouput == 1", { variables }).message).toBe('Unknown variable "ouput" at position 1');
    expect(compileExpression("context == output", { variables }).variables).toEqual(["context", "output"]);
  });

  it("checks a literal regex at compile time", () => {
    expect(compileError('matches(output, "(a+)+$")').message).toBe(
      'Invalid regular expression "(a+)+$" (nested repetition is refused, pattern character 1) at position 17',
    );
    expect(compileError('matches(output, "(?=a)")').message).toContain("lookaround is not supported");
  });

  it(`enforces the parser depth limit of ${EXPRESSION_LIMITS.parserDepth}`, () => {
    const depth = EXPRESSION_LIMITS.parserDepth;
    const nested = (n: number) => `${"(".repeat(n)}1${")".repeat(n)}`;

    expect(value(nested(depth - 2))).toBe(1);
    expect(compileError(nested(depth + 1)).message).toMatch(
      /^Expression exceeds the parser depth limit of 64 at position \d+$/,
    );
    expect(compileError(`${"-".repeat(200)}1`).message).toContain("parser depth limit of 64");
    expect(compileError(`${"[".repeat(100_000)}${"]".repeat(100_000)}`).message).toContain("parser depth limit of 64");
    expect(compileError(Array.from({ length: 70 }, () => "1").join(" == ")).message).toContain(
      "parser depth limit of 64",
    );
  });

  it("keeps long left-associative chains flat, so they are not depth", () => {
    expect(value(Array.from({ length: 500 }, () => "1").join(" + "))).toBe(500);
    expect(value(`${Array.from({ length: 500 }, () => "false").join(" or ")} or true`)).toBe(true);
  });
});
