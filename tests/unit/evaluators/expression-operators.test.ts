import { describe, expect, it } from "vitest";
import { compileExpression } from "../../../core/evaluators/expression";
import { AppError } from "../../../core/platform/errors";

const value = (source: string, vars: Record<string, unknown> = {}) => compileExpression(source).evaluate(vars);

function failure(source: string, vars: Record<string, unknown> = {}): string {
  const compiled = compileExpression(source);
  try {
    compiled.evaluate(vars);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("invalid_input");
    expect((error as AppError).details).toMatchObject({ phase: "evaluate" });
    return (error as AppError).message;
  }
  throw new Error(`expected ${source} to fail`);
}

describe("expression operators", () => {
  it("does arithmetic on numbers", () => {
    expect(value("7 + 2")).toBe(9);
    expect(value("7 - 2")).toBe(5);
    expect(value("7 * 2")).toBe(14);
    expect(value("7 / 2")).toBe(3.5);
    expect(value("7 % 2")).toBe(1);
    expect(value("-x", { x: 3 })).toBe(-3);
  });

  it("joins two strings with + and nothing else", () => {
    expect(value('"a" + "b" + output', { output: "c" })).toBe("abc");
  });

  it("refuses arithmetic on anything but numbers, with the operands in the message", () => {
    expect(failure('1 + "a"')).toBe(
      'Operator "+" needs two numbers or two strings, got number 1 and string "a" at position 3',
    );
    expect(failure("output - 1", { output: "5" })).toBe(
      'Operator "-" needs numbers, got string "5" and number 1 at position 8',
    );
    expect(failure("x * 2", {})).toBe('Operator "*" needs numbers, got null and number 2 at position 3');
    expect(failure("true / 2")).toBe('Operator "/" needs numbers, got boolean true and number 2 at position 6');
    expect(failure("[1] % 2")).toBe('Operator "%" needs numbers, got array [1] and number 2 at position 5');
    expect(failure('-"a"')).toBe('Operator "-" needs a number, got string "a" at position 2');
    expect(failure("1 + 1 + null")).toBe(
      'Operator "+" needs two numbers or two strings, got number 2 and null at position 7',
    );
  });

  it("refuses division by zero and non-finite results", () => {
    expect(failure("1 / 0")).toBe("Division by zero at position 3");
    expect(failure("1 % 0")).toBe("Division by zero at position 3");
    expect(failure("1e308 * 10")).toBe("Arithmetic result is not a finite number at position 7");
  });

  it("compares with == and != deeply and without coercion", () => {
    expect(value("1 == 1")).toBe(true);
    expect(value('1 == "1"')).toBe(false);
    expect(value('1 != "1"')).toBe(true);
    expect(value("[1, {a: 2}] == [1, {a: 2}]")).toBe(true);
    expect(value("{a: 1, b: 2} == {b: 2, a: 1}")).toBe(true);
    expect(value("[1, 2] == [2, 1]")).toBe(false);
  });

  it("allows comparing with null: a missing field equals null and orders false", () => {
    expect(value("output.missing == null", { output: {} })).toBe(true);
    expect(value("missing == null")).toBe(true);
    expect(value("null != 0")).toBe(true);
    expect(value("missing < 5")).toBe(false);
    expect(value("missing >= 5")).toBe(false);
    expect(value("5 > null")).toBe(false);
  });

  it("orders two numbers or two strings", () => {
    expect(value("1 < 2")).toBe(true);
    expect(value("2 <= 2")).toBe(true);
    expect(value("3 > 2")).toBe(true);
    expect(value("2 >= 3")).toBe(false);
    expect(value('"apple" < "banana"')).toBe(true);
    expect(failure('1 < "2"')).toBe(
      'Operator "<" compares two numbers or two strings, got number 1 and string "2" at position 3',
    );
    expect(failure("true > false")).toBe(
      'Operator ">" compares two numbers or two strings, got boolean true and boolean false at position 6',
    );
  });

  it("combines booleans with and/&&, or/||, not/!, treating null as false", () => {
    expect(value("true and false")).toBe(false);
    expect(value("true && true")).toBe(true);
    expect(value("false or true")).toBe(true);
    expect(value("false || false")).toBe(false);
    expect(value("not true")).toBe(false);
    expect(value("!false")).toBe(true);
    expect(value("missing and true")).toBe(false);
    expect(value("missing or true")).toBe(true);
    expect(value("not missing")).toBe(true);
  });

  it("short-circuits and/or, so a guard protects what follows", () => {
    expect(value("x != null and x.a > 1", { x: null })).toBe(false);
    expect(value("true or 1 / 0 == 1")).toBe(true);
    expect(value("false and 1 / 0 == 1")).toBe(false);
  });

  it("refuses non-boolean conditions instead of guessing truthiness", () => {
    expect(failure('"yes" and true')).toBe('Operator "and" needs a boolean, got string "yes" at position 1');
    expect(failure("false or 1")).toBe('Operator "or" needs a boolean, got number 1 at position 10');
    expect(failure("not output", { output: "" })).toBe('Negation needs a boolean, got string "" at position 5');
    expect(failure("1 ? 2 : 3")).toBe("The condition of ?: needs a boolean, got number 1 at position 1");
  });

  it("evaluates only the chosen branch of ?:", () => {
    expect(value("x > 1 ? 1 : 1 / 0", { x: 2 })).toBe(1);
    expect(value("missing ? 1 : 0")).toBe(0);
  });

  it("reads a missing field, a step on null and an out-of-range index as null", () => {
    const vars = { output: { a: [1] } };

    expect(value("output.b", vars)).toBe(null);
    expect(value("output.b.c.d", vars)).toBe(null);
    expect(value("output.a[5]", vars)).toBe(null);
    expect(value("output.a[-1]", vars)).toBe(null);
    expect(value("output.a[0.5]", vars)).toBe(null);
    expect(value("nothing.length")).toBe(null);
    expect(value("output.a.x", vars)).toBe(null);
    expect(value("(5).x")).toBe(null);
    expect(value('"abc"[1]')).toBe("b");
  });

  it("refuses an index that is not a string or number", () => {
    expect(failure("output[true]", { output: {} })).toBe(
      "An index must be a string or a number, got boolean at position 8",
    );
  });

  it("reads inherited properties as null", () => {
    const vars = { input: { a: 1 }, output: "text", metadata: [1] };

    for (const name of [
      "toString",
      "hasOwnProperty",
      "valueOf",
      "isPrototypeOf",
      "__defineGetter__",
      "toLocaleString",
    ]) {
      expect(value(`input.${name}`, vars)).toBe(null);
      expect(value(`output.${name}`, vars)).toBe(null);
      expect(value(`metadata["${name}"]`, vars)).toBe(null);
    }
    expect(value("input.a", vars)).toBe(1);
  });

  it("refuses the three forbidden names when they are computed at run time", () => {
    expect(failure('input["__pro" + "to__"]', { input: {} })).toBe(
      'Property name "__proto__" is refused at position 7',
    );
    expect(failure("input[key]", { input: {}, key: "constructor" })).toBe(
      'Property name "constructor" is refused at position 7',
    );
  });

  it("reads own data even when a key is named like an Object method", () => {
    expect(value("output.toString", { output: JSON.parse('{"toString": "mine"}') })).toBe("mine");
  });
});
