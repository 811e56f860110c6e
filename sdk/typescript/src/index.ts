export { type ClientStats, Sightline, type SightlineOptions } from "./client.js";
export {
  type ChatMessage,
  compilePrompt,
  type PlaceholderSlot,
  type PromptContent,
  type PromptVariables,
} from "./compile.js";
export { authorization, type Connection, resolveConnection } from "./connection.js";
export {
  type AddItemsResult,
  addDatasetItems,
  cancelExperiment,
  compareDatasetRuns,
  createDataset,
  createDatasetRun,
  type DatasetRun,
  type ExperimentProgress,
  type ExperimentRun,
  type GateResult,
  gateDatasetRun,
  getDatasetRun,
  type NewDatasetItem,
  type NewExperiment,
  type NewRun,
  type RunComparison,
  type RunItem,
  startExperiment,
} from "./datasets.js";
export { SightlineError } from "./errors.js";
export { createScore, type EvaluatorScore, type RunEvaluatorInput, runEvaluator } from "./evaluators.js";
export {
  type EventType,
  type GenerationBody,
  type IngestEvent,
  type IngestResult,
  ingest,
  type Level,
  type ObservationBody,
  type ScoreBody,
  type TraceBody,
} from "./events.js";
export { type Answer, call, request, retryDelayMs, type Transport } from "./http.js";
export { type AttachedMedia, attachMedia, type MediaUpload } from "./media.js";
export type { IngestProblem, OnError } from "./problems.js";
export { DEFAULT_CACHE_TTL_SECONDS, type GetPromptOptions, type Prompt } from "./prompts.js";
export {
  type DatasetItem,
  fetchItems,
  parseTrigger,
  type RunItemLink,
  type RunTrigger,
  reportRunItem,
} from "./runner.js";
export { SIGNATURE_HEADER, TIMESTAMP_HEADER, type VerifyOptions, verifySignature } from "./signature.js";
export { GenerationClient, SpanClient, TraceClient } from "./tracing.js";
export { SDK_NAME, SDK_VERSION } from "./version.js";
