import * as z from "zod";
import type * as Ingest from "../ingest";
import type { Deps } from "../platform/deps";
import { invalid, notFound } from "../platform/errors";
import type * as Reads from "../reads";
import * as Scores from "../scores";
import { PageQuery, pageMeta, pageOffset } from "./page";

/** Langfuse's score types; TEXT and CORRECTION have no counterpart here and are refused by name. */
const LF_SCORE_TYPES = ["NUMERIC", "CATEGORICAL", "BOOLEAN", "TEXT", "CORRECTION"] as const;

/** `POST /api/public/scores`, as Langfuse's SDKs send it. */
export const LfCreateScoreBody = z.object({
  id: z.string().nullish(),
  traceId: z.string().nullish(),
  sessionId: z.string().nullish(),
  observationId: z.string().nullish(),
  datasetRunId: z.string().nullish(),
  name: z.string(),
  value: z.union([z.number(), z.string()]),
  comment: z.string().nullish(),
  metadata: z.unknown().optional(),
  environment: z.string().nullish(),
  queueId: z.string().nullish(),
  dataType: z.enum(LF_SCORE_TYPES).nullish(),
  configId: z.string().nullish(),
  source: z.string().nullish(),
});
export type LfCreateScoreBody = z.infer<typeof LfCreateScoreBody>;

/**
 * The body our score use case takes (`POST /v1/scores`): the same fields, Langfuse's extras refused by name, so
 * every rule (target, value, config fit) is checked once, there (docs/langfuse.md, "Scores").
 * @throws invalid_input for what has no counterpart here.
 */
export function scoreBodyOf(b: LfCreateScoreBody): Ingest.ScoreBody {
  if (b.dataType === "TEXT" || b.dataType === "CORRECTION")
    throw invalid(`Invalid body.dataType: ${b.dataType} scores are not supported; use NUMERIC, CATEGORICAL or BOOLEAN`);
  if (b.datasetRunId)
    throw invalid(
      "Invalid body.datasetRunId: scores on dataset runs are not supported; score the run's traces instead",
    );
  if (b.queueId)
    throw invalid(
      "Invalid body.queueId: annotation queue scores are written through the review queues (POST /v1/review-queues/{queue}/items/{itemId}/score)",
    );
  if (b.source && b.source !== "API") throw invalid(`Invalid body.source: only API is accepted here, not ${b.source}`);
  // Empty strings and nulls mean "not set"; the ingest path checks the rest.
  return {
    name: b.name,
    value: b.value,
    id: b.id || undefined,
    traceId: b.traceId || undefined,
    sessionId: b.sessionId || undefined,
    observationId: b.observationId || undefined,
    comment: b.comment || undefined,
    environment: b.environment || undefined,
    dataType: b.dataType || undefined,
    configId: b.configId || undefined,
    metadata: b.metadata ?? undefined,
  };
}

const Operator = z.enum(["<", ">", "<=", ">=", "!=", "="]);
const Iso = z
  .string()
  .refine((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && Number.isFinite(Date.parse(s)), "expected an ISO-8601 date-time");
const Many = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v]));
const Csv = z.string().transform((v) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
);

/** `GET /api/public/v2/scores`: Langfuse's filters; the ones with no counterpart here are refused by name. */
export const LfScoresQuery = PageQuery.extend({
  userId: z.string().optional(),
  name: z.string().optional(),
  fromTimestamp: Iso.optional(),
  toTimestamp: Iso.optional(),
  environment: Many.optional(),
  source: z.enum(["API", "EVAL", "ANNOTATION"]).optional(),
  operator: Operator.optional(),
  value: z.coerce.number().optional(),
  scoreIds: Csv.optional(),
  configId: z.string().optional(),
  sessionId: z.string().optional(),
  datasetRunId: z.string().optional(),
  traceId: z.string().optional(),
  observationId: Csv.optional(),
  queueId: z.string().optional(),
  dataType: z.enum(LF_SCORE_TYPES).optional(),
  traceTags: Many.optional(),
  fields: Csv.optional(),
  filter: z.string().optional(),
})
  .refine((q) => (q.operator === undefined) === (q.value === undefined), {
    message: "operator and value go together",
    path: ["operator"],
  })
  .refine((q) => !q.fields || q.fields.every((f) => f === "score" || f === "trace"), {
    message: "fields takes score and trace",
    path: ["fields"],
  });
export type LfScoresQuery = z.infer<typeof LfScoresQuery>;

const TraceData = z.object({
  userId: z.string().nullable(),
  tags: z.array(z.string()),
  environment: z.string(),
  sessionId: z.string().nullable(),
});

/** Langfuse's score (v2 reads), its `dataType` the discriminant. */
export const LfScore = z.object({
  id: z.string(),
  traceId: z.string().nullable(),
  sessionId: z.string().nullable(),
  observationId: z.string().nullable(),
  datasetRunId: z.null(),
  name: z.string(),
  source: z.string(),
  timestamp: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  authorUserId: z.null(),
  comment: z.string().nullable(),
  metadata: z.unknown(),
  configId: z.string().nullable(),
  queueId: z.null(),
  environment: z.string(),
  dataType: z.string(),
  value: z.number(),
  stringValue: z.string().optional(),
  trace: TraceData.optional(),
});
export type LfScore = z.infer<typeof LfScore>;

/** A stored score in Langfuse's shape: a label's `value` is its position among its config's categories (0 without one). */
export function lfScore(
  s: Scores.StoredScore,
  configs: readonly Scores.ScoreConfigView[],
  trace?: Scores.ScoreTrace,
): LfScore {
  const categorical = s.dataType === "CATEGORICAL";
  const position = categorical
    ? Math.max(0, configs.find((c) => c.id === s.configId)?.categories.indexOf(s.stringValue ?? "") ?? 0)
    : 0;
  const timestamp = s.timestamp ?? s.createdAt ?? new Date(0).toISOString();
  return {
    id: s.id,
    traceId: s.traceId,
    sessionId: s.sessionId,
    observationId: s.observationId,
    datasetRunId: null,
    name: s.name ?? "",
    source: s.source ?? "API",
    timestamp,
    createdAt: s.createdAt ?? timestamp,
    updatedAt: s.createdAt ?? timestamp,
    authorUserId: null,
    comment: s.comment,
    metadata: s.metadata ?? {},
    configId: s.configId,
    queueId: null,
    environment: s.environment,
    dataType: s.dataType ?? "NUMERIC",
    value: categorical ? position : (s.value ?? 0),
    ...(s.dataType === "NUMERIC" ? {} : { stringValue: s.stringValue ?? "" }),
    ...(trace ? { trace } : {}),
  };
}

/** The v2 list's query as conditions of the scores list (`GET /v1/scores`) and of the scores' traces. */
function conditionsOf(q: LfScoresQuery) {
  if (q.datasetRunId) throw invalid("Invalid query.datasetRunId: scores on dataset runs are not supported");
  if (q.queueId) throw invalid("Invalid query.queueId: filter annotation scores with source=ANNOTATION");
  if (q.filter)
    throw invalid("Invalid query.filter: Langfuse's JSON filters are not supported here; use the named parameters");
  if (q.dataType === "TEXT" || q.dataType === "CORRECTION")
    throw invalid(`Invalid query.dataType: ${q.dataType} scores are not supported`);
  if ((q.userId || q.traceTags) && q.fields && !q.fields.includes("trace"))
    throw invalid("Invalid query.fields: filtering by userId or traceTags needs the trace field group");
  const c: Reads.Condition[] = [];
  const add = (column: string, operator: Reads.Condition["operator"], value: Reads.Condition["value"] | undefined) => {
    if (value !== undefined) c.push({ column, operator, value });
  };
  add("name", "=", q.name);
  add("source", "=", q.source);
  add("dataType", "=", q.dataType);
  add("configId", "=", q.configId);
  add("sessionId", "=", q.sessionId);
  add("traceId", "=", q.traceId);
  add("observationId", "in", q.observationId);
  add("id", "in", q.scoreIds);
  add("environment", "in", q.environment);
  add("timestamp", ">=", q.fromTimestamp);
  add("timestamp", "<", q.toTimestamp);
  if (q.operator !== undefined) add("value", q.operator, q.value);
  const traces: Reads.Condition[] = [];
  if (q.userId !== undefined) traces.push({ column: "userId", operator: "=", value: q.userId });
  for (const tag of q.traceTags ?? []) traces.push({ column: "tags", operator: "=", value: tag });
  return { conditions: c, traces };
}

/** `GET /api/public/v2/scores`: a page of scores, newest first, each with its trace's fields unless `fields=score`. */
export async function listScoresV2(
  deps: Pick<Deps, "telemetry" | "db" | "config" | "caches">,
  projectId: string,
  q: LfScoresQuery,
) {
  const { conditions, traces } = conditionsOf(q);
  const [page, configs] = await Promise.all([
    Scores.pageScores(deps, projectId, { conditions, traces, offset: pageOffset(q), limit: q.limit }),
    Scores.scoreConfigsOf(deps, projectId),
  ]);
  const withTrace = !q.fields || q.fields.includes("trace");
  const byTrace = withTrace
    ? await Scores.scoreTraces(
        deps,
        projectId,
        page.data.map((s) => s.traceId ?? ""),
      )
    : new Map<string, Scores.ScoreTrace>();
  return {
    data: page.data.map((s) => lfScore(s, configs, withTrace && s.traceId ? byTrace.get(s.traceId) : undefined)),
    meta: pageMeta(q, page.totalItems),
  };
}

/** `GET /api/public/v2/scores/{scoreId}`. @throws not_found */
export async function getScoreV2(
  deps: Pick<Deps, "telemetry" | "db" | "config" | "caches">,
  projectId: string,
  id: string,
): Promise<LfScore> {
  const [score, configs] = await Promise.all([
    Scores.findScore(deps, projectId, id),
    Scores.scoreConfigsOf(deps, projectId),
  ]);
  if (!score) throw notFound("Score", id);
  return lfScore(score, configs);
}
