export * from "./scores.schema";
export { scoreConfigsOf, createScoreConfig, listScoreConfigs, patchScoreConfig } from "./configs";
export { fitScore, type ScoreInput } from "./fit";
