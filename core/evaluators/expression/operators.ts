import type { ArithOp, CompareOp } from "./ast";
import { describeValue, evaluationError } from "./errors";
import { EXPRESSION_LIMITS } from "./limits";
import { deepEqual } from "./values";

const at = (start: number) => `at position ${start + 1}`;

/** `+ - * / %` on numbers; `+` also joins two strings. Nothing is coerced: any other operand is an error. */
export function arithmetic(op: ArithOp, left: unknown, right: unknown, start: number): number | string {
  if (typeof left === "number" && typeof right === "number") {
    if ((op === "/" || op === "%") && right === 0) throw evaluationError(`Division by zero ${at(start)}`);
    const result =
      op === "+"
        ? left + right
        : op === "-"
          ? left - right
          : op === "*"
            ? left * right
            : op === "/"
              ? left / right
              : left % right;
    // JSON has no Infinity or NaN, and a score must survive the round trip.
    if (!Number.isFinite(result)) throw evaluationError(`Arithmetic result is not a finite number ${at(start)}`);
    return result;
  }
  if (op === "+" && typeof left === "string" && typeof right === "string") {
    const limit = EXPRESSION_LIMITS.concatenatedChars;
    if (left.length + right.length > limit) {
      throw evaluationError(`String concatenation exceeds the limit of ${limit} characters ${at(start)}`, {
        limit: "concatenatedChars",
      });
    }
    return left + right;
  }
  const wanted = op === "+" ? "two numbers or two strings" : "numbers";
  throw evaluationError(
    `Operator "${op}" needs ${wanted}, got ${describeValue(left)} and ${describeValue(right)} ${at(start)}`,
  );
}

/** `==` and `!=` are deep equality without coercion; `<`-style operators order two numbers or two strings, and are false against null. */
export function compare(op: CompareOp, left: unknown, right: unknown, start: number): boolean {
  if (op === "==") return deepEqual(left, right);
  if (op === "!=") return !deepEqual(left, right);
  if (left === null || right === null) return false;
  if (
    (typeof left === "number" && typeof right === "number") ||
    (typeof left === "string" && typeof right === "string")
  ) {
    return op === "<" ? left < right : op === "<=" ? left <= right : op === ">" ? left > right : left >= right;
  }
  throw evaluationError(
    `Operator "${op}" compares two numbers or two strings, got ${describeValue(left)} and ${describeValue(right)} ${at(start)}`,
  );
}

/** Conditions take booleans; null (a missing field) counts as false. Anything else is an error, not "truthy". */
export function condition(what: string, value: unknown, start: number): boolean {
  if (value === true) return true;
  if (value === false || value === null) return false;
  throw evaluationError(`${what} needs a boolean, got ${describeValue(value)} ${at(start)}`);
}

export function negate(value: unknown, start: number): number {
  if (typeof value !== "number")
    throw evaluationError(`Operator "-" needs a number, got ${describeValue(value)} ${at(start)}`);
  return 0 - value;
}
