import { compileExpression, type ExpressionRun, runExpression } from "./expression";

/**
 * Dry run of an expression on one item (`POST /v1/evaluators/test-expression`; docs/expressions.md, "Results"): the raw value even when it is not a
 * valid score. `input`, `output`, `expected` and `metadata` are the built-in variables; any other key of the
 * item is passed as a mapped variable.
 * @throws invalid_input when the expression does not compile (naming the position), as at save.
 */
export function testExpression(input: { expression: string; item: Record<string, unknown> }): ExpressionRun {
  const compiled = compileExpression(input.expression);
  return runExpression(compiled, { ...input.item });
}
