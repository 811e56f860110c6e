export { createScoreConfig, listScoreConfigs, patchScoreConfig, scoreConfigsOf } from "./configs";
export { deleteScore } from "./delete-score";
export { fitScore, type ScoreInput } from "./fit";
export * as Stats from "./score-stats";
export { type ScoreTotal, scoreTotalsByTrace } from "./score-totals";
export * from "./scores.schema";
