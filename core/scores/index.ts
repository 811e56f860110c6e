export { createScoreConfig, listScoreConfigs, patchScoreConfig, scoreConfigsOf } from "./configs";
export { deleteScore } from "./delete-score";
export { fitScore, type ScoreInput } from "./fit";
export { listScores, scoreLines } from "./list-scores";
export { findScore, pageScores, type ScoreTrace, type StoredScore, scoreTraces } from "./page-scores";
export { PAIR_LIMIT, scoreAnalytics } from "./score-analytics";
export { observationScoreFilter, traceScoreFilter } from "./score-filter";
export {
  aggregateScores,
  SCORE_QUANTILES,
  type ScoreMetricColumn,
  type ScoreMetricDimension,
  type ScoreMetricsRow,
  type ScoreQuantile,
} from "./score-metrics";
export {
  AnalyticsQuery,
  Comparison,
  ListScoresQuery,
  ScoreAnalytics,
  ScorePage,
  ScoreSummary,
  ScoreView,
} from "./score-reads.schema";
export { type ScoreTotal, scoreTotalsByTrace } from "./score-totals";
export * from "./scores.schema";
export { traceScores } from "./trace-scores";
export { windowScoreMean } from "./window-score-mean";
