import * as z from "zod";
import * as Datasets from "../datasets";
import { LLM_PROVIDERS } from "../platform/ports";

/** Wire shapes of experiments run by Sightline (docs/experiments.md). */

/** Model calls of one run in flight at most; the provider's own bound (core/adapters/llm) still applies. */
export const MAX_CONCURRENCY = 20;
export const DEFAULT_CONCURRENCY = 4;
export const EXPERIMENT_STATUSES = ["queued", "running", "completed", "failed", "cancelled"] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];

const ItemPath = z
  .string()
  .regex(
    /^(input|expectedOutput|metadata)(\.[A-Za-z0-9_-]+)*$/,
    "A mapping path starts with input, expectedOutput or metadata, then dotted keys (e.g. input.question)",
  );

export const ModelParameters = z.strictObject({
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z.number().int().min(1).max(100_000).optional(),
});
export type ModelParameters = z.infer<typeof ModelParameters>;

export const StartExperimentBody = z
  .object({
    runName: Datasets.RunName.optional().describe("Default: `<prompt>-v<version>-<time>`"),
    prompt: z.object({
      name: z.string().min(1).max(200),
      version: z.number().int().min(1).optional(),
      label: z.string().min(1).max(200).optional(),
    }),
    provider: z.enum(LLM_PROVIDERS),
    model: z.string().min(1).max(200),
    parameters: ModelParameters.default({}),
    mapping: z
      .record(z.string().min(1).max(200), ItemPath)
      .default({})
      .describe('Prompt variable → item field, e.g. {"question": "input.question"}'),
    evaluators: Datasets.RunEvaluators.default([]),
    concurrency: z.number().int().min(1).max(MAX_CONCURRENCY).default(DEFAULT_CONCURRENCY),
  })
  .refine((b) => b.prompt.version === undefined || b.prompt.label === undefined, {
    message: "Give the prompt's version or its label, not both",
    path: ["prompt"],
  });
export type StartExperimentInput = z.infer<typeof StartExperimentBody>;

export const FailedItem = z.object({ datasetItemId: z.string(), error: z.string() });
export const ExperimentProgress = z.object({
  status: z.enum(EXPERIMENT_STATUSES),
  prompt: z.object({ name: z.string(), version: z.number().int(), label: z.string().nullable() }),
  provider: z.string(),
  model: z.string(),
  parameters: z.record(z.string(), z.unknown()),
  mapping: z.record(z.string(), z.string()),
  evaluators: z.array(z.string()),
  concurrency: z.number().int(),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  pending: z
    .number()
    .int()
    .describe("Items not yet done or failed (running ones included); cancelled items count here until they stop"),
  cancelled: z.number().int(),
  failures: z.array(FailedItem).describe("The first 100 failed items with their reasons"),
  costUsd: z.number().describe("USD of the model calls so far (models without a price count 0)"),
  latencyMs: z.object({ p50: z.number().nullable(), p95: z.number().nullable(), p99: z.number().nullable() }),
  error: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ExperimentProgress = z.infer<typeof ExperimentProgress>;

export const ExperimentRunDetail = Datasets.RunDetail.extend({
  experiment: ExperimentProgress.optional().describe("Present on runs Sightline executes"),
});
export type ExperimentRunDetail = z.infer<typeof ExperimentRunDetail>;

/** A lane of a run: takes the run's next pending item, one at a time, until none is left or its time is up. */
export const ExperimentJob = z.object({ projectId: z.string(), runId: z.string(), lane: z.number().int().min(0) });
export type ExperimentJob = z.infer<typeof ExperimentJob>;
