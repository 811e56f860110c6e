import { isAppError } from "../../platform/errors";
import type { CompiledExpression } from "./compile";
import { describeValue, evaluationError } from "./errors";

/**
 * The score of a raw result (docs/expressions.md, "Results"): true → 1, false → 0, a number in [0, 1] → itself.
 * @throws invalid_input naming the raw value for anything else; nothing is coerced.
 */
export function toScore(value: unknown): number {
  const score = scoreOf(value);
  if (score === null) throw notAScore(value);
  return score;
}

function scoreOf(value: unknown): number | null {
  if (value === true) return 1;
  if (value === false) return 0;
  return typeof value === "number" && value >= 0 && value <= 1 ? value : null;
}

const notAScore = (value: unknown) =>
  evaluationError(`Expression must return a boolean or a number in [0, 1], got ${describeValue(value)}`, {
    value: summarize(value),
  });

// Only scalars travel in `details`; a structured raw value could be large, and the message already previews it.
const summarize = (value: unknown) =>
  value === null || typeof value !== "object" ? (value ?? null) : Array.isArray(value) ? "array" : "object";

/** The answer of `POST /v1/evaluators/test-expression`. */
export interface ExpressionRun {
  /** The raw value, even when it is not a valid score; null when evaluation itself failed. */
  value: unknown;
  valid: boolean;
  error: string | null;
}

/**
 * Dry-runs a compiled expression on one item: evaluation errors and non-score results come back as `error`
 * rather than thrown. Anything that is not an AppError is a bug and propagates.
 */
export function runExpression(compiled: CompiledExpression, vars: Record<string, unknown>): ExpressionRun {
  let value: unknown;
  try {
    value = compiled.evaluate(vars);
  } catch (error) {
    if (isAppError(error)) return { value: null, valid: false, error: error.message };
    throw error;
  }
  return scoreOf(value) === null
    ? { value, valid: false, error: notAScore(value).message }
    : { value, valid: true, error: null };
}

/**
 * Evaluates and scores in one step, for the evaluator runner.
 * @throws invalid_input when evaluation fails or the result is not a score.
 */
export const evaluateScore = (compiled: CompiledExpression, vars: Record<string, unknown>): number =>
  toScore(compiled.evaluate(vars));
