export { listBackfills, previewBackfill, resumeBackfills, startBackfill } from "./backfill";
export { defineEvaluator } from "./define-evaluator";
export { EvalJob } from "./eval.jobs";
export * from "./evaluators.schema";
export { listExecutions } from "./executions";
export {
  attachRunEvaluators,
  evaluateRun,
  experimentEvaluatorsNamed,
  recordExperimentRun,
  recordExperimentRunItem,
  requestRemoteExperiment,
  scoreRunLinks,
} from "./experiments";
export { compileExpression, EXPRESSION_PRESETS, evaluateScore } from "./expression";
export { createFromTemplate } from "./from-template";
export { checkGuardrails } from "./guardrails";
export { type EvalWorkerDeps, handleEvalJobs, recordEvalGivenUp } from "./handle-eval-jobs";
export { aggregate, type Judgement, type JudgeVote, judge } from "./judge";
export { answerSchema, checkAnswer, judgeMessages } from "./judge-protocol";
export { enqueueOnlineEvaluations, evaluateWritten, inSample } from "./online";
export {
  deleteProviderCredentials,
  getProviderCredentials,
  listProviders,
  openCredentials,
  providerCredentialSecrets,
  putProviderCredentials,
} from "./provider-credentials";
export { type LoadedEvaluator, listEvaluators, loadEvaluator, readEvaluator } from "./read-evaluators";
export { evalScoreId, runEvaluator } from "./run-evaluator";
export { createEvaluator, updateEvaluator } from "./save-evaluator";
export { EVALUATOR_TEMPLATES } from "./templates";
export { testExpression } from "./test-expression";
export { runThreadCooldown } from "./thread";
export { codeVariables, type EvaluationTarget, followPath, judgeVariables, resolveBinding } from "./variables";
