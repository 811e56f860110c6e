import * as z from "zod";
import { Limit } from "../platform/pagination";
import { LLM_PROVIDERS } from "../platform/ports";
import { EXPRESSION_LIMITS_DESCRIPTION } from "./expression";

/** Wire shapes of the evaluator and provider endpoints (request bodies and answers). */

export const EVALUATOR_KINDS = ["JUDGE", "CODE"] as const;
export const SCOPES = ["trace", "thread", "observation"] as const;
export const SCORE_DATA_TYPES = ["NUMERIC", "CATEGORICAL", "BOOLEAN"] as const;
export type ScoreDataType = (typeof SCORE_DATA_TYPES)[number];
/** `variableMapping.source` (docs/evaluators.md, "Variable mapping"). */
export const VARIABLE_SOURCES = [
  "trace.input",
  "trace.output",
  "trace.metadata",
  "observation.input",
  "observation.output",
  "observation.metadata",
  "dataset.input",
  "dataset.expectedOutput",
  "dataset.metadata",
] as const;
export type VariableSource = (typeof VARIABLE_SOURCES)[number];
/** Providers that take credentials; `mock` needs none. `openai-compatible` needs a base URL and may have no key. */
export const KEYED_PROVIDERS = ["openai", "anthropic", "openai-compatible"] as const;
export type KeyedProvider = (typeof KEYED_PROVIDERS)[number];
/** Thread scope's default quiet time before a session is judged (docs/evaluators.md, "Definitions"). */
export const DEFAULT_COOLDOWN_SECONDS = 900;
/** Path segments under /v1/evaluators that are endpoints, so no evaluator may take them as a name. */
export const RESERVED_EVALUATOR_NAMES = [
  "presets",
  "templates",
  "from-template",
  "test-expression",
  "backfills",
] as const;
/** Placeholder model of CODE evaluators (docs/evaluators.md, "Definitions"). */
export const CODE_MODEL_PLACEHOLDER = "code";
export const MAX_JURORS = 10;

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const REFUSED_SEGMENTS = new Set(["__proto__", "constructor", "prototype"]);

export const EvaluatorName = z
  .string()
  .min(1)
  .max(200)
  .regex(
    NAME_PATTERN,
    "An evaluator name starts with a letter or digit and holds only letters, digits, '.', '_' and '-'",
  )
  .refine(
    (n) => !(RESERVED_EVALUATOR_NAMES as readonly string[]).includes(n),
    `These names are endpoints and cannot name an evaluator: ${RESERVED_EVALUATOR_NAMES.join(", ")}`,
  );

/** Dotted path into a value; numeric segments index arrays; a leading `$.` is accepted (JSONPath habit). */
export const JsonPathText = z
  .string()
  .min(1)
  .max(500)
  .refine(
    (p) =>
      p
        .replace(/^\$\.?/, "")
        .split(".")
        .every((s) => s.length > 0),
    "A jsonPath is dotted segments such as 'a.b.0', none of them empty",
  )
  .refine(
    (p) =>
      p
        .replace(/^\$\.?/, "")
        .split(".")
        .every((s) => !REFUSED_SEGMENTS.has(s)),
    "A jsonPath may not use the segments __proto__, constructor or prototype",
  );

export const VariableBinding = z
  .object({
    variable: z
      .string()
      .min(1)
      .max(100)
      .regex(IDENTIFIER, "A variable is a letter or '_' followed by letters, digits or '_'"),
    source: z.enum(VARIABLE_SOURCES),
    jsonPath: JsonPathText.nullish(),
    observationName: z.string().min(1).max(200).nullish(),
  })
  .refine((b) => b.observationName == null || b.source.startsWith("observation."), {
    message: "observationName applies only to observation.* sources",
    path: ["observationName"],
  });

export const Juror = z.object({ provider: z.enum(LLM_PROVIDERS), model: z.string().min(1).max(200) });
export type Juror = z.infer<typeof Juror>;

export const Guardrail = z.object({ threshold: z.number().min(0).max(1) });

/** Every field of the definition but the name; cross-field rules are checked at save (define-evaluator.ts). */
export const EvaluatorFields = z.object({
  kind: z.enum(EVALUATOR_KINDS).default("JUDGE"),
  description: z.string().max(2000).nullish(),
  prompt: z
    .string()
    .min(1)
    .max(100_000)
    .nullish()
    .describe("Judge prompt (JUDGE); `{{variable}}` references are substituted"),
  provider: z.enum(LLM_PROVIDERS).nullish(),
  model: z.string().min(1).max(200).nullish(),
  expression: z
    .string()
    .min(1)
    .max(10_000)
    .nullish()
    .describe(`Expression of a CODE evaluator, compiled at save. ${EXPRESSION_LIMITS_DESCRIPTION}`),
  jurors: z.array(Juror).max(MAX_JURORS).default([]),
  online: z.boolean().default(false),
  samplingRate: z.number().min(0).max(1).default(1),
  filterName: z.string().min(1).max(200).nullish(),
  scope: z.enum(SCOPES).default("trace"),
  cooldownSeconds: z
    .number()
    .int()
    .min(0)
    .max(7 * 86_400)
    .nullish()
    .describe(`Thread scope only; default ${DEFAULT_COOLDOWN_SECONDS}`),
  scoreDataType: z.enum(SCORE_DATA_TYPES).default("NUMERIC"),
  scoreCategories: z.array(z.string().min(1).max(200)).max(100).default([]),
  scoreName: z.string().min(1).max(200).nullish(),
  variableMapping: z.array(VariableBinding).max(50).default([]),
  guardrail: Guardrail.nullish().describe(
    "Makes the evaluator usable by POST /v1/guardrails/check: a score below the threshold fails",
  ),
});
export type EvaluatorFieldsInput = z.output<typeof EvaluatorFields>;

export const CreateEvaluatorBody = EvaluatorFields.extend({ name: EvaluatorName });
export type CreateEvaluatorInput = z.output<typeof CreateEvaluatorBody>;
/** A later save: the whole definition again; `name`, when given, must be the path's. */
export const UpdateEvaluatorBody = EvaluatorFields.extend({ name: z.string().optional() });
export type UpdateEvaluatorInput = z.output<typeof UpdateEvaluatorBody>;

const BindingView = z.object({
  variable: z.string(),
  source: z.enum(VARIABLE_SOURCES),
  jsonPath: z.string().nullable(),
  observationName: z.string().nullable(),
});
export type VariableBindingView = z.infer<typeof BindingView>;

/** The stored definition of one version: defaults applied, absent fields null. */
export const EvaluatorDefinition = z.object({
  kind: z.enum(EVALUATOR_KINDS),
  description: z.string().nullable(),
  prompt: z.string().nullable(),
  provider: z.enum(LLM_PROVIDERS).nullable(),
  model: z.string().nullable(),
  expression: z.string().nullable(),
  jurors: z.array(Juror),
  online: z.boolean(),
  samplingRate: z.number(),
  filterName: z.string().nullable(),
  scope: z.enum(SCOPES),
  cooldownSeconds: z.number().int().nullable(),
  scoreDataType: z.enum(SCORE_DATA_TYPES),
  scoreCategories: z.array(z.string()),
  scoreName: z.string().nullable(),
  variableMapping: z.array(BindingView),
  // Versions saved before guardrails existed have none.
  guardrail: z.object({ threshold: z.number() }).nullable().default(null),
});
export type EvaluatorDefinition = z.infer<typeof EvaluatorDefinition>;

export const EvaluatorVersionView = EvaluatorDefinition.extend({
  version: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
});

export const EvaluatorView = EvaluatorDefinition.extend({
  id: z.string(),
  name: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EvaluatorView = z.infer<typeof EvaluatorView>;

export const EvaluatorDetail = EvaluatorView.extend({
  versions: z.array(EvaluatorVersionView).describe("Every version, newest first"),
});
export type EvaluatorDetail = z.infer<typeof EvaluatorDetail>;

export const EvaluatorPath = z.object({ name: z.string().min(1).max(200) });
export const DetailQuery = z.object({ version: z.coerce.number().int().min(1).max(2_147_483_647).optional() });

export const ListEvaluatorsQuery = z.object({
  limit: Limit,
  cursor: z.string().optional(),
  name: z.string().optional(),
  kind: z.enum(EVALUATOR_KINDS).optional(),
  online: z.enum(["true", "false"]).optional(),
});

export const RunEvaluatorBody = z.object({
  traceId: z.string().min(1).max(200),
  observationId: z
    .string()
    .min(1)
    .max(200)
    .nullish()
    .describe("Score this observation of the trace; its input, output and metadata become the built-in binding"),
  input: z
    .unknown()
    .optional()
    .describe("Overrides the trace's input (any JSON); with input or output given the trace need not be stored yet"),
  output: z.unknown().optional().describe("Overrides the trace's output (any JSON)"),
  expectedOutput: z
    .unknown()
    .optional()
    .describe(
      "The `dataset.expectedOutput` source and the built-in `expectedOutput` (`expected` for CODE) until dataset runs provide it",
    ),
});
export type RunEvaluatorInput = z.output<typeof RunEvaluatorBody>;

export const ScoreResult = z.object({
  id: z.string(),
  name: z.string(),
  value: z.number().nullable(),
  stringValue: z.string().nullable(),
  dataType: z.enum(SCORE_DATA_TYPES),
  source: z.literal("EVAL"),
  comment: z.string().nullable(),
});
export const RunEvaluatorResult = z.object({ score: ScoreResult });
export type RunEvaluatorResult = z.infer<typeof RunEvaluatorResult>;

export const TestExpressionBody = z.object({
  expression: z.string().min(1).max(10_000).describe(EXPRESSION_LIMITS_DESCRIPTION),
  item: z
    .record(z.string(), z.unknown())
    .default({})
    .describe("`input`, `output`, `expected`, `metadata`; any other key is passed as a mapped variable"),
});
export const ExpressionRunView = z.object({ value: z.unknown(), valid: z.boolean(), error: z.string().nullable() });

export const PresetView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  expression: z.string(),
});

export const TEMPLATE_CATEGORIES = ["rag", "quality", "conversation", "agent"] as const;
export const TemplateView = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(TEMPLATE_CATEGORIES),
  description: z.string(),
  kind: z.literal("JUDGE"),
  prompt: z.string(),
  scoreDataType: z.enum(SCORE_DATA_TYPES),
  scoreCategories: z.array(z.string()),
  scope: z.enum(SCOPES),
  variableMapping: z
    .array(BindingView)
    .describe("Suggested mapping; an empty one keeps the built-in binding (input, output, expectedOutput)"),
  variables: z.array(z.string()).describe("`{{variable}}` names of the prompt"),
});
export type TemplateView = z.infer<typeof TemplateView>;

/** A template plus the choices it leaves open; any field given here wins over the template's. */
export const FromTemplateBody = z.object({
  template: z.string().min(1).max(200),
  name: EvaluatorName.optional().describe("Defaults to the template id"),
  description: z.string().max(2000).nullish(),
  prompt: z.string().min(1).max(100_000).optional(),
  provider: z.enum(LLM_PROVIDERS).nullish(),
  model: z.string().min(1).max(200).nullish(),
  jurors: z.array(Juror).max(MAX_JURORS).optional(),
  online: z.boolean().optional(),
  samplingRate: z.number().min(0).max(1).optional(),
  filterName: z.string().min(1).max(200).nullish(),
  scope: z.enum(SCOPES).optional(),
  cooldownSeconds: z
    .number()
    .int()
    .min(0)
    .max(7 * 86_400)
    .nullish(),
  scoreDataType: z.enum(SCORE_DATA_TYPES).optional(),
  scoreCategories: z.array(z.string().min(1).max(200)).max(100).optional(),
  scoreName: z.string().min(1).max(200).nullish(),
  variableMapping: z.array(VariableBinding).max(50).optional(),
});
export type FromTemplateInput = z.output<typeof FromTemplateBody>;

export const ProviderPath = z.object({ provider: z.enum(KEYED_PROVIDERS) });
export const ProviderCredentialsBody = z.object({
  apiKey: z
    .string()
    .max(4000)
    .default("")
    .describe(
      "Stored encrypted under the key ring; never returned. Required but for openai-compatible, where a server without auth takes none",
    ),
  baseUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .nullish()
    .describe(
      "OpenAI and openai-compatible: must end in /v1 (required for openai-compatible); Anthropic: the host root",
    ),
});
export type ProviderCredentialsInput = z.output<typeof ProviderCredentialsBody>;
export const ProviderView = z.object({
  provider: z.enum(LLM_PROVIDERS),
  baseUrl: z.string().nullable(),
  configured: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type ProviderView = z.infer<typeof ProviderView>;

export const EXECUTION_TRIGGERS = ["online", "thread", "backfill", "experiment", "manual", "guardrail"] as const;
export const EXECUTION_STATUSES = ["completed", "failed", "skipped"] as const;

export const ListExecutionsQuery = z.object({
  limit: Limit,
  cursor: z.string().optional(),
  status: z.enum(EXECUTION_STATUSES).optional(),
  trigger: z.enum(EXECUTION_TRIGGERS).optional(),
});

export const Execution = z.object({
  id: z.string(),
  trigger: z.enum(EXECUTION_TRIGGERS),
  target: z.object({ traceId: z.string(), observationId: z.string().optional(), sessionId: z.string().optional() }),
  status: z.enum(EXECUTION_STATUSES),
  scoreId: z.string().nullable(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string(),
});
export type Execution = z.infer<typeof Execution>;
export const ExecutionPage = z.object({ data: z.array(Execution), nextCursor: z.string().nullable() });

export const GuardrailCheckBody = z.object({
  evaluators: z
    .array(z.string().min(1).max(200))
    .min(1)
    .max(20)
    .describe("Names of evaluators that have guardrail.threshold"),
  input: z.unknown().optional(),
  output: z.unknown().optional(),
  traceId: z.string().min(1).max(200).optional().describe("With a trace, the EVAL scores are written to it too"),
});
export type GuardrailCheckInput = z.output<typeof GuardrailCheckBody>;

export const GuardrailCheckResult = z.object({
  passed: z.boolean(),
  results: z.array(
    z.object({
      evaluator: z.string(),
      score: z.number().nullable(),
      threshold: z.number(),
      passed: z.boolean(),
      skipped: z.boolean(),
      reason: z.string().nullable(),
    }),
  ),
});
export type GuardrailCheckResult = z.infer<typeof GuardrailCheckResult>;

/** Most traces one backfill scores: the newest of its window (docs/evaluators.md, "Backfill"). */
export const BACKFILL_CAP = 5000;
export const BACKFILL_STATUSES = ["queued", "running", "completed", "failed"] as const;

/** The traces list's structured filters, by which a backfill narrows its window. */
const BackfillFilters = {
  filter: z.string().optional().describe("JSON array of {column, operator, value}, as on GET /v1/traces"),
  name: z.string().optional(),
  userId: z.string().optional(),
  sessionId: z.string().optional(),
  environment: z.string().optional(),
};
const Days = z.coerce.number().int().min(1).max(3650).describe("The window: traces of the last `days` days");

export const BackfillPreviewQuery = z.object({ evaluator: z.string().min(1).max(200), days: Days, ...BackfillFilters });
export type BackfillPreviewInput = z.infer<typeof BackfillPreviewQuery>;
export const BackfillPreview = z.object({
  traces: z.number().int().describe("The window's traces that match the filters and the evaluator's filterName"),
  cap: z.number().int(),
  wouldScore: z.number().int().describe("Those in the evaluator's deterministic sample, at most the cap"),
});

export const StartBackfillBody = z.object({
  days: z.number().int().min(1).max(3650),
  ...BackfillFilters,
  filter: z
    .union([z.string(), z.array(z.record(z.string(), z.unknown()))])
    .optional()
    .describe("Conditions {column, operator, value} as on GET /v1/traces: an array or its JSON text"),
});
export type StartBackfillInput = z.infer<typeof StartBackfillBody>;
export const BackfillQueued = z.object({
  id: z.string(),
  evaluator: z.string(),
  status: z.literal("queued"),
  total: z.number().int(),
  cap: z.number().int(),
});
export type BackfillQueued = z.infer<typeof BackfillQueued>;

export const BackfillView = z.object({
  id: z.string(),
  evaluator: z.string(),
  status: z.enum(BACKFILL_STATUSES),
  total: z.number().int(),
  processed: z.number().int().describe("Traces handled so far, failed ones included"),
  failed: z.number().int(),
  cap: z.number().int(),
  capped: z.boolean().describe("The window held more sampled traces than the cap: only the newest `cap` are scored"),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BackfillView = z.infer<typeof BackfillView>;
export const ListBackfillsQuery = z.object({ evaluator: z.string().optional(), limit: Limit });
export const BackfillList = z.object({ data: z.array(BackfillView) });
