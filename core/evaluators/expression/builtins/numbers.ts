import { describeValue, evaluationError } from "../errors";
import { kindOf } from "../values";
import { type Builtin, numberOrNull, wrongArg } from "./args";

function extremum(name: string, pick: (a: number, b: number) => number): Builtin {
  return {
    minArgs: 1,
    maxArgs: Infinity,
    // A single array argument spreads, so `max(output.scores)` works; nulls are skipped.
    fn: (args, start) => {
      const values = args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
      let best: number | null = null;
      for (const value of values) {
        if (value === null || value === undefined) continue;
        if (typeof value !== "number")
          throw evaluationError(`${name}() expects numbers, got ${describeValue(value)} at position ${start + 1}`);
        best = best === null ? value : pick(best, value);
      }
      return best;
    },
  };
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function roundHalfAwayFromZero(x: number, digits: number): number {
  const magnitude = Math.abs(x);
  // Shifting through the decimal exponent avoids 1.005 * 100 = 100.49999…; tiny or huge numbers print with
  // their own exponent, so they take the plain route.
  const text = String(magnitude);
  const rounded = text.includes("e")
    ? Math.round(magnitude * 10 ** digits) / 10 ** digits
    : Number(`${Math.round(Number(`${text}e${digits}`))}e-${digits}`);
  const result = Math.sign(x) * rounded;
  return Number.isFinite(result) ? result || 0 : x;
}

/** num, abs, round, min, max, len, isEmpty, coalesce. */
export const NUMBER_AND_MISC_BUILTINS: Record<string, Builtin> = {
  num: {
    minArgs: 1,
    maxArgs: 1,
    fn: ([value]) => {
      if (typeof value === "number") return value;
      if (typeof value !== "string" || !DECIMAL.test(value.trim())) return null;
      const n = Number(value.trim());
      return Number.isFinite(n) ? n : null;
    },
  },
  abs: {
    minArgs: 1,
    maxArgs: 1,
    fn: (args, start) => {
      const x = numberOrNull("abs", args, 0, start);
      return x === null ? null : Math.abs(x);
    },
  },
  round: {
    minArgs: 1,
    maxArgs: 2,
    fn: (args, start) => {
      const x = numberOrNull("round", args, 0, start);
      const digits = args.length > 1 ? args[1] : 0;
      if (typeof digits !== "number" || !Number.isInteger(digits) || digits < 0 || digits > 15) {
        throw wrongArg("round", 1, "a whole number of digits from 0 to 15", digits, start);
      }
      return x === null ? null : roundHalfAwayFromZero(x, digits);
    },
  },
  min: extremum("min", Math.min),
  max: extremum("max", Math.max),
  len: {
    minArgs: 1,
    maxArgs: 1,
    fn: ([value], start) => {
      const kind = kindOf(value);
      if (kind === "null") return 0;
      if (kind === "string" || kind === "array") return (value as string | unknown[]).length;
      if (kind === "object") return Object.keys(value as object).length;
      throw wrongArg("len", 0, "a string, array or object", value, start);
    },
  },
  isEmpty: {
    minArgs: 1,
    maxArgs: 1,
    fn: ([value]) => {
      const kind = kindOf(value);
      if (kind === "null") return true;
      if (kind === "string" || kind === "array") return (value as string | unknown[]).length === 0;
      return kind === "object" && Object.keys(value as object).length === 0;
    },
  },
  coalesce: {
    minArgs: 1,
    maxArgs: Infinity,
    fn: (args) => args.find((value) => value !== null && value !== undefined) ?? null,
  },
};
