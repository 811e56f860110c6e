import { describeValue, evaluationError } from "../errors";
import type { MatchBudget } from "../regex";

/** `budget` is the evaluation's own, so the work inside calls is bounded along with the calls. */
export type BuiltinFn = (args: unknown[], start: number, budget: MatchBudget) => unknown;

export interface Builtin {
  minArgs: number;
  maxArgs: number;
  fn: BuiltinFn;
}

export function wrongArg(name: string, index: number, expected: string, value: unknown, start: number) {
  return evaluationError(
    `${name}() expects ${expected} as argument ${index + 1}, got ${describeValue(value)} at position ${start + 1}`,
  );
}

// Null stands for "missing": string tests on it are false, string transforms give null, numeric functions give null.
export const text = (name: string, args: unknown[], index: number, start: number): string | null => {
  const value = args[index];
  if (value === null || typeof value === "string") return value;
  throw wrongArg(name, index, "a string", value, start);
};

export const numberOrNull = (name: string, args: unknown[], index: number, start: number): number | null => {
  const value = args[index];
  if (value === null || typeof value === "number") return value;
  throw wrongArg(name, index, "a number", value, start);
};
