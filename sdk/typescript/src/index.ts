export { Sightline, type SightlineOptions, type ClientStats } from "./client.js";
export { TraceClient, SpanClient, GenerationClient } from "./tracing.js";
export { compilePrompt, type ChatMessage, type PlaceholderSlot, type PromptContent, type PromptVariables } from "./compile.js";
export { type Prompt, type GetPromptOptions, DEFAULT_CACHE_TTL_SECONDS } from "./prompts.js";
export { verifySignature, SIGNATURE_HEADER, TIMESTAMP_HEADER, type VerifyOptions } from "./signature.js";
export { parseTrigger, fetchItems, reportRunItem, type RunTrigger, type DatasetItem, type RunItemLink } from "./runner.js";
export {
  createDataset,
  addDatasetItems,
  createDatasetRun,
  getDatasetRun,
  gateDatasetRun,
  startExperiment,
  cancelExperiment,
  compareDatasetRuns,
  type NewDatasetItem,
  type AddItemsResult,
  type NewRun,
  type RunItem,
  type DatasetRun,
  type GateResult,
  type NewExperiment,
  type ExperimentProgress,
  type ExperimentRun,
  type RunComparison,
} from "./datasets.js";
export { runEvaluator, createScore, type RunEvaluatorInput, type EvaluatorScore } from "./evaluators.js";
export { ingest, type IngestEvent, type EventType, type IngestResult, type TraceBody, type ObservationBody, type GenerationBody, type ScoreBody, type Level } from "./events.js";
export { request, call, retryDelayMs, type Transport, type Answer } from "./http.js";
export { authorization, resolveConnection, type Connection } from "./connection.js";
export { attachMedia, type MediaUpload, type AttachedMedia } from "./media.js";
export { SightlineError } from "./errors.js";
export { type IngestProblem, type OnError } from "./problems.js";
export { SDK_NAME, SDK_VERSION } from "./version.js";
