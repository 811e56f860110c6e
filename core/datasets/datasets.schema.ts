import * as z from "zod";
import { Limit } from "../platform/pagination";
import { Condition } from "../reads";
import { ListObservationsQuery } from "../traces";

/** Wire shapes of the dataset endpoints (request bodies and answers). */

export const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const name = (what: string) =>
  z
    .string()
    .min(1)
    .max(200)
    .regex(
      NAME_PATTERN,
      `A ${what} name starts with a letter or digit and holds only letters, digits, '.', '_' and '-'`,
    );
export const DatasetName = name("dataset");
/**
 * Run names are freer than dataset names: Langfuse's experiment runner names a run `<experiment> - <ISO time>`
 * (docs/langfuse.md, "Dataset run items"). `/` would split a path and `,` the list of compared runs.
 */
export const RunName = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[^/,\p{Cc}]+$/u, "A run name holds no '/', ',' or control character")
  .refine((n) => n.trim() === n, "A run name does not start or end with a space");

/** Items per `POST /v1/datasets/{name}/items` request (docs/datasets.md). */
export const MAX_ITEMS_PER_REQUEST = 10_000;
/** Runs side by side in one comparison. */
export const MAX_COMPARED_RUNS = 10;
/** Thresholds in one gate request. */
export const MAX_GATE_THRESHOLDS = 100;

const Json = z.unknown();
const JsonObject = z.record(z.string(), z.unknown());

export const JSON_TYPES = ["string", "number", "integer", "boolean", "object", "array", "null"] as const;
export type JsonType = (typeof JSON_TYPES)[number];
const TypeSpec = z.union([z.enum(JSON_TYPES), z.array(z.enum(JSON_TYPES)).min(1)]);
const EnumValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** A declared field of `input`: JSON-Schema `type` and `enum`. */
export const FieldSchema = z.strictObject({
  type: TypeSpec.optional(),
  enum: z.array(EnumValue).min(1).max(1000).optional(),
  description: z.string().max(2000).optional(),
});

/**
 * The item schema (docs/datasets.md, "Item schema"), a subset of JSON Schema: `input` may carry `required` and `properties`
 * (field name to `{type, enum?}`), `expectedOutput` a `type`. Undeclared fields are allowed. Other
 * JSON-Schema keywords are refused rather than silently ignored.
 */
export const ItemSchema = z.strictObject({
  input: z
    .strictObject({
      type: TypeSpec.optional(),
      required: z.array(z.string().min(1).max(200)).max(1000).optional(),
      properties: z.record(z.string().min(1).max(200), FieldSchema).optional(),
      description: z.string().max(2000).optional(),
    })
    .refine(
      (s) =>
        s.type === undefined ||
        (s.required === undefined && s.properties === undefined) ||
        [s.type].flat().every((t) => t === "object"),
      'input with required or properties describes an object: its type may only be "object"',
    )
    .optional(),
  expectedOutput: z
    .strictObject({
      type: TypeSpec.optional(),
      enum: z.array(EnumValue).min(1).max(1000).optional(),
      description: z.string().max(2000).optional(),
    })
    .optional(),
});
export type ItemSchema = z.infer<typeof ItemSchema>;

export const CreateDatasetBody = z.object({
  name: DatasetName,
  description: z.string().max(10_000).nullish(),
  metadata: JsonObject.nullish(),
});
export type CreateDatasetInput = z.infer<typeof CreateDatasetBody>;

export const DatasetPath = z.object({ name: DatasetName });
export const RunPath = z.object({ name: DatasetName, run: RunName });

export const ListDatasetsQuery = z.object({ limit: Limit, cursor: z.string().optional() });
/** Items of `GET /v1/datasets/{name}` come in pages of up to 1000 (default 1000, so small datasets come whole). */
export const DatasetDetailQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
  cursor: z.string().optional(),
});

/** Items are checked one by one in the use case (partial acceptance), so the body only bounds the batch. */
export const InsertItemsBody = z.object({ items: z.array(Json).max(MAX_ITEMS_PER_REQUEST) });

export const CsvImportBody = z.object({
  csv: z.string(),
  mapping: z.object({
    input: z.union([z.string().min(1), z.array(z.string().min(1)).min(1).max(1000)]),
    expectedOutput: z.string().min(1).nullish(),
  }),
});
export type CsvImportInput = z.infer<typeof CsvImportBody>;

export const ItemError = z.object({ index: z.number().int(), field: z.string(), message: z.string() });
export type ItemError = z.infer<typeof ItemError>;
export const InsertResult = z.object({
  added: z.number().int(),
  rejected: z.number().int(),
  errors: z.array(ItemError),
});
export type InsertResult = z.infer<typeof InsertResult>;

export const DatasetItemView = z.object({
  id: z.string(),
  input: Json,
  expectedOutput: Json,
  metadata: Json,
  /** The trace the item was copied from (docs/datasets.md, "From traces"), else null. */
  sourceTraceId: z.string().nullable(),
  /** The observation of that trace it was copied from, else null. */
  sourceObservationId: z.string().nullable(),
  createdAt: z.string(),
});
export type DatasetItemView = z.infer<typeof DatasetItemView>;

export const RUNNER_STATUSES = ["accepted", "rejected", "timeout", "unreachable"] as const;
export type RunnerStatus = (typeof RUNNER_STATUSES)[number];
export const RunnerView = z.object({
  url: z.string(),
  lastStatus: z.enum(RUNNER_STATUSES).nullable(),
  lastError: z.string().nullable(),
  lastHttpStatus: z.number().int().nullable(),
  lastTriggeredAt: z.string().nullable(),
});

export const RunSummary = z.object({
  name: z.string(),
  version: z.string().nullable(),
  remote: z.boolean(),
  itemCount: z.number().int(),
  createdAt: z.string(),
});

export const DatasetDetail = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  metadata: Json,
  schema: ItemSchema.nullable(),
  runner: RunnerView.nullable(),
  itemCount: z.number().int(),
  runs: z.array(RunSummary),
  items: z.array(DatasetItemView),
  /** Cursor of the next page of items, or null. */
  nextCursor: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DatasetDetail = z.infer<typeof DatasetDetail>;

export const DatasetSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  metadata: Json,
  itemCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DatasetSummary = z.infer<typeof DatasetSummary>;

export const SchemaView = z.object({ name: z.string(), schema: ItemSchema, updatedAt: z.string() });
export const SchemaCheck = z.object({
  schema: ItemSchema.nullable(),
  total: z.number().int(),
  failing: z.number().int(),
  /** The first failures, in item order, with the item id as well as its position. */
  errors: z.array(ItemError.extend({ itemId: z.string() })),
});

export const PutRunnerBody = z.object({ url: z.string().max(2000) });
export const RunnerRegistered = z.object({ url: z.string(), secret: z.string() });

/** Evaluators that score each run item once its trace has an output (docs/evaluators.md, "Experiments"). */
export const RunEvaluators = z
  .array(z.string().min(1).max(200))
  .max(20)
  .describe("Evaluators that score each run item's trace once it has an output, with dataset.* bound to the item");
export const RemoteRunBody = z.object({
  runName: RunName,
  version: z.string().max(200).nullish(),
  metadata: JsonObject.nullish(),
  evaluators: RunEvaluators.default([]),
});
export const RemoteRunAnswer = z.object({
  runName: z.string(),
  accepted: z.boolean(),
  status: z.enum(RUNNER_STATUSES),
  httpStatus: z.number().int().nullable(),
  error: z.string().optional(),
});
export type RemoteRunAnswer = z.infer<typeof RemoteRunAnswer>;

/** The trigger is a pointer (docs/datasets.md, "Remote runs"), not a copy; its size does not depend on the item count. */
export const RunTrigger = z.object({
  event: z.literal("dataset.run.requested"),
  projectId: z.string(),
  dataset: z.string(),
  runName: z.string(),
  version: z.string().nullable(),
  itemCount: z.number().int(),
  itemsUrl: z.string(),
  resultsUrl: z.literal("/v1/dataset-run-items"),
});
export type RunTrigger = z.infer<typeof RunTrigger>;

const RunItemLink = z.object({
  datasetItemId: z.string().min(1).max(200),
  traceId: z.string().min(1).max(200),
  observationId: z.string().min(1).max(200).nullish(),
});
export const RecordRunBody = z.object({
  runName: RunName,
  version: z.string().max(200).nullish(),
  metadata: JsonObject.nullish(),
  items: z.array(RunItemLink).max(MAX_ITEMS_PER_REQUEST).default([]),
  evaluators: RunEvaluators.default([]),
});
export type RecordRunInput = z.infer<typeof RecordRunBody>;
export const RunItemBody = RunItemLink.extend({ datasetName: DatasetName, runName: RunName });
export type RunItemInput = z.infer<typeof RunItemBody>;
export const EvaluateRunBody = z.object({ evaluators: RunEvaluators.min(1) });
export const EvaluateRunAnswer = z.object({
  datasetName: z.string(),
  runName: z.string(),
  evaluators: z.array(z.string()),
  items: z.number().int().describe("Run items linked to a trace"),
  queued: z.number().int().describe("Evaluations queued now: their trace already has an output"),
  waiting: z.number().int().describe("Evaluations that wait for their trace's output"),
});

export const RunItemView = z.object({
  datasetItemId: z.string(),
  traceId: z.string(),
  observationId: z.string().nullable(),
  createdAt: z.string(),
});
export const RunItemRecorded = RunItemView.extend({ datasetName: z.string(), runName: z.string() });
export const ScoreMean = z.object({ name: z.string(), mean: z.number().nullable(), count: z.number().int() });
export type ScoreMean = z.infer<typeof ScoreMean>;
export const RunDetail = z.object({
  datasetName: z.string(),
  name: z.string(),
  version: z.string().nullable(),
  metadata: Json,
  remote: z.boolean(),
  createdAt: z.string(),
  items: z.array(RunItemView),
  /** Mean of every numeric score on the run's traces, per score name; categorical scores never count. */
  scores: z.array(ScoreMean),
});
export type RunDetail = z.infer<typeof RunDetail>;

export const CompareQuery = z.object({
  runs: z
    .string()
    .transform((s) => [
      ...new Set(
        s
          .split(",")
          .map((r) => r.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(RunName).min(1).max(MAX_COMPARED_RUNS)),
  limit: Limit,
  cursor: z.string().optional(),
});
const Cell = z
  .object({ traceId: z.string(), observationId: z.string().nullable(), scores: z.record(z.string(), z.number()) })
  .nullable();
export const Comparison = z.object({
  datasetName: z.string(),
  runs: z.array(
    z.object({
      name: z.string(),
      version: z.string().nullable(),
      createdAt: z.string(),
      itemCount: z.number().int(),
      scores: z.array(ScoreMean),
    }),
  ),
  /** One row per dataset item (paged), one cell per run in the order of `runs`: null when the run has no trace for the item. */
  items: z.array(z.object({ id: z.string(), input: Json, expectedOutput: Json, runs: z.array(Cell) })),
  nextCursor: z.string().nullable(),
});
export type Comparison = z.infer<typeof Comparison>;

export const GateBody = z.object({
  thresholds: z
    .record(z.string().min(1).max(200), z.number().finite())
    .refine((t) => Object.keys(t).length > 0, "Give at least one threshold")
    .refine((t) => Object.keys(t).length <= MAX_GATE_THRESHOLDS, `At most ${MAX_GATE_THRESHOLDS} thresholds`),
});
export const GateResult = z.object({
  passed: z.boolean(),
  results: z.array(
    z.object({
      scoreName: z.string(),
      mean: z.number().nullable(),
      threshold: z.number(),
      count: z.number().int(),
      passed: z.boolean(),
    }),
  ),
});
export type GateResult = z.infer<typeof GateResult>;

/** Most observations one bulk add copies (docs/datasets.md, "From traces"): the newest ones when more match. */
export const MAX_SOURCES_PER_REQUEST = 1_000;

const SourceId = z.string().min(1).max(200);
/**
 * `POST /v1/datasets/{name}/items/from-trace`: the item copies the trace's (or the observation's) input, output as
 * expected output, and metadata, unless the body gives its own.
 */
export const FromTraceBody = z.object({
  traceId: SourceId,
  observationId: SourceId.nullish().describe("Copy this observation of the trace instead of the trace itself"),
  id: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe("The item's id; an item of this id is replaced. Default: a random UUID"),
  input: Json.optional().describe("Instead of the stored input"),
  expectedOutput: Json.optional().describe("Instead of the stored output; null for none"),
  metadata: JsonObject.nullish().describe("Instead of the stored metadata"),
});
export type FromTraceInput = z.infer<typeof FromTraceBody>;

/**
 * `POST /v1/datasets/{name}/items/from-observations`: the span explorer's selection (the query parameters of
 * `GET /v1/observations`; `filter` as that JSON text or as the array itself).
 */
export const FromObservationsBody = ListObservationsQuery.pick({
  from: true,
  to: true,
  environment: true,
  name: true,
  type: true,
  model: true,
  level: true,
  traceId: true,
  userId: true,
  sessionId: true,
}).extend({
  filter: z
    .union([z.string(), z.array(Condition).max(50)])
    .optional()
    .describe("As GET /v1/observations: a JSON array of {column, operator, value} (or its text)"),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_SOURCES_PER_REQUEST)
    .default(MAX_SOURCES_PER_REQUEST)
    .describe("Newest observations to copy at most"),
});
export type FromObservationsInput = z.infer<typeof FromObservationsBody>;

const FieldError = z.object({ field: z.string(), message: z.string() });
export const SkippedSource = z.object({
  traceId: z.string(),
  observationId: z.string().nullable(),
  reason: z
    .enum(["duplicate", "invalid"])
    .describe("duplicate: an item copied from it is in the dataset already; invalid: it fails the item schema"),
  itemId: z.string().nullable().describe("The item already copied from it (duplicate)"),
  errors: z.array(FieldError).describe("Why it fails the item schema (invalid)"),
});
export type SkippedSource = z.infer<typeof SkippedSource>;
export const FromObservationsResult = z.object({
  selected: z.number().int().describe("Observations the selection took (at most the limit)"),
  capped: z.boolean().describe("More observations matched than the limit: the newest were taken"),
  added: z.number().int(),
  skipped: z.number().int(),
  skippedItems: z.array(SkippedSource),
});
export type FromObservationsResult = z.infer<typeof FromObservationsResult>;
