import { describe, expect, it } from "vitest";
import { compileExpression, evaluateScore, runExpression, toScore } from "../../../core/evaluators/expression";
import { AppError } from "../../../core/platform/errors";

function scoreError(value: unknown): string {
  try {
    toScore(value);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("invalid_input");
    return (error as AppError).message;
  }
  throw new Error("expected no score");
}

describe("expression scores", () => {
  it("turns booleans into 1 and 0 and keeps numbers in [0, 1]", () => {
    expect(toScore(true)).toBe(1);
    expect(toScore(false)).toBe(0);
    expect(toScore(0)).toBe(0);
    expect(toScore(0.42)).toBe(0.42);
    expect(toScore(1)).toBe(1);
  });

  it("refuses anything else, naming the raw value, and never coerces", () => {
    expect(scoreError(1.5)).toBe("Expression must return a boolean or a number in [0, 1], got number 1.5");
    expect(scoreError(-0.1)).toBe("Expression must return a boolean or a number in [0, 1], got number -0.1");
    expect(scoreError(Number.NaN)).toBe("Expression must return a boolean or a number in [0, 1], got number NaN");
    expect(scoreError("1")).toBe('Expression must return a boolean or a number in [0, 1], got string "1"');
    expect(scoreError(null)).toBe("Expression must return a boolean or a number in [0, 1], got null");
    expect(scoreError({ score: 1 })).toBe(
      'Expression must return a boolean or a number in [0, 1], got object {"score":1}',
    );
    expect(scoreError([1])).toBe("Expression must return a boolean or a number in [0, 1], got array [1]");
  });

  it("keeps long raw values short in messages", () => {
    expect(scoreError("x".repeat(10_000)).length).toBeLessThan(150);
    expect(scoreError(Array.from({ length: 10_000 }, (_, i) => i)).length).toBeLessThan(150);
  });

  it("dry-runs an expression: a valid score", () => {
    const compiled = compileExpression('contains(lower(output), "paris")');

    expect(runExpression(compiled, { output: "Paris" })).toEqual({ value: true, valid: true, error: null });
  });

  it("dry-runs an expression: the raw value even when it is not a score", () => {
    const compiled = compileExpression("len(output)");

    expect(runExpression(compiled, { output: "Paris" })).toEqual({
      value: 5,
      valid: false,
      error: "Expression must return a boolean or a number in [0, 1], got number 5",
    });
  });

  it("dry-runs an expression: an evaluation error", () => {
    const compiled = compileExpression("output - 1");

    expect(runExpression(compiled, { output: "a" })).toEqual({
      value: null,
      valid: false,
      error: 'Operator "-" needs numbers, got string "a" and number 1 at position 8',
    });
  });

  it("scores in one step for the evaluator runner", () => {
    expect(evaluateScore(compileExpression("len(output) / 10"), { output: "abcde" })).toBe(0.5);
    expect(() => evaluateScore(compileExpression("len(output)"), { output: "abcde" })).toThrow(AppError);
  });

  it("is deterministic", () => {
    const compiled = compileExpression('round(len(output) / 100, 2) + (matches(output, "[0-9]+") ? 0.1 : 0)');
    const vars = { output: "abc 123 ".repeat(5) };

    const results = Array.from({ length: 100 }, () => compiled.evaluate(vars));

    expect(new Set(results).size).toBe(1);
  });
});
