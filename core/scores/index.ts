export { createScoreConfig, listScoreConfigs, patchScoreConfig, scoreConfigsOf } from "./configs";
export { fitScore, type ScoreInput } from "./fit";
export * from "./scores.schema";
