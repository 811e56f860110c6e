export { type CompiledExpression, type CompileOptions, compileExpression } from "./compile";
export { EXPRESSION_LIMITS, EXPRESSION_LIMITS_DESCRIPTION } from "./limits";
export { EXPRESSION_PRESETS, type ExpressionPreset } from "./presets";
export { type ExpressionRun, evaluateScore, runExpression, toScore } from "./score";

/** The variables every code evaluator receives; mapped variables come in addition (docs/expressions.md, "Variables"). */
export const BUILT_IN_VARIABLES = ["input", "output", "expected", "metadata"] as const;
