export { compileExpression, type CompiledExpression, type CompileOptions } from "./compile";
export { EXPRESSION_LIMITS, EXPRESSION_LIMITS_DESCRIPTION } from "./limits";
export { EXPRESSION_PRESETS, type ExpressionPreset } from "./presets";
export { evaluateScore, runExpression, toScore, type ExpressionRun } from "./score";

/** The variables every code evaluator receives; mapped variables come in addition (docs/expressions.md, "Variables"). */
export const BUILT_IN_VARIABLES = ["input", "output", "expected", "metadata"] as const;
