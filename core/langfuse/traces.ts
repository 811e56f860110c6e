import * as z from "zod";
import type { Deps } from "../platform/deps";
import type { Principal } from "../platform/principal";
import * as Scores from "../scores";
import * as Traces from "../traces";
import { namedGroups } from "./field-groups";
import { langfuseFilter, TRACE_FILTER_COLUMNS } from "./filter";
import { LangfuseObservation, langfuseObservation } from "./observations";
import { PageQuery, paged, pageMeta, pageOffset } from "./page";
import { conditionsJson, DateTimeParam, orderByParam, Repeated, seconds } from "./query";
import { LfScore, lfScore } from "./scores";

/** Langfuse's Trace: what every trace read shows. */
export const LangfuseTrace = z.object({
  id: z.string(),
  projectId: z.string(),
  timestamp: z.string().nullable(),
  name: z.string().nullable(),
  input: z.unknown(),
  output: z.unknown(),
  metadata: z.unknown(),
  sessionId: z.string().nullable(),
  release: z.string().nullable(),
  version: z.string().nullable(),
  userId: z.string().nullable(),
  tags: z.array(z.string()),
  public: z.boolean(),
  bookmarked: z.boolean(),
  environment: z.string(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});

const Details = {
  htmlPath: z.string(),
  latency: z.number().nullable().describe("seconds; -1 when `fields` leaves out metrics"),
  totalCost: z.number().nullable(),
};
/** `GET /api/public/traces`: observations and scores by id. */
export const TraceWithDetails = LangfuseTrace.extend({
  ...Details,
  observations: z.array(z.string()),
  scores: z.array(z.string()),
});

/**
 * Langfuse's ScoreV1, the scores of a trace: the same translation as the score reads (`lfScore`), with the trace's id
 * always set.
 */
export const LangfuseTraceScore = LfScore.extend({ traceId: z.string() });
/** `GET /api/public/traces/{traceId}`: observations and scores whole. */
export const TraceWithFullDetails = LangfuseTrace.extend({
  ...Details,
  observations: z.array(LangfuseObservation),
  scores: z.array(LangfuseTraceScore),
});

const FIELD_GROUPS = ["core", "io", "scores", "observations", "metrics"] as const;
type FieldGroup = (typeof FIELD_GROUPS)[number];
/** Langfuse's `fields`: comma-separated groups, unknown ones ignored as Langfuse does; all when absent or empty. */
const Fields = z
  .string()
  .optional()
  .transform((v) => {
    const groups = namedGroups(v, FIELD_GROUPS);
    return new Set<FieldGroup>(groups.length ? ["core", ...groups] : FIELD_GROUPS);
  });

export const TracesQuery = PageQuery.extend({
  userId: z.string().optional(),
  name: z.string().optional(),
  sessionId: z.string().optional(),
  fromTimestamp: DateTimeParam.optional(),
  toTimestamp: DateTimeParam.optional(),
  orderBy: orderByParam(Traces.TRACE_PAGE_SORTS, { column: "timestamp", dir: "desc" }),
  tags: Repeated.optional().describe("traces carrying all of these tags"),
  version: z.string().optional(),
  release: z.string().optional(),
  environment: Repeated.optional().describe("traces of any of these environments"),
  fields: Fields,
  filter: langfuseFilter(TRACE_FILTER_COLUMNS).describe(
    "Langfuse's JSON conditions on id, name, timestamp, userId, sessionId, environment, version, release and tags",
  ),
});
export type TracesQuery = z.infer<typeof TracesQuery>;
export const TracesPage = paged(TraceWithDetails);
export const TracePath = z.object({ traceId: z.string().min(1) });
export const TraceFieldsQuery = z.object({ fields: Fields });
export const DeleteTracesBody = z.object({ traceIds: z.array(z.string().min(1)).min(1).max(1000) });
export const DeleteMessage = z.object({ message: z.string() });

/** The console's page of a trace: Langfuse's `htmlPath`. */
const htmlPath = (traceId: string) => `/traces/${encodeURIComponent(traceId)}`;

type TraceCore = Omit<
  z.infer<typeof Traces.TraceListItem>,
  "observationCount" | "totalCost" | "latencyMs" | "sessionPath"
>;
/** One of our traces in Langfuse's Trace shape; `bodies` absent leaves input, output and metadata null. */
export function langfuseTrace(
  projectId: string,
  t: TraceCore,
  bodies: { input: unknown; output: unknown; metadata: unknown } | undefined,
) {
  return {
    id: t.id,
    projectId,
    timestamp: t.timestamp,
    name: t.name,
    input: bodies?.input ?? null,
    output: bodies?.output ?? null,
    metadata: bodies?.metadata ?? null,
    sessionId: t.sessionId,
    release: t.release,
    version: t.version,
    userId: t.userId,
    tags: t.tags,
    public: t.public,
    bookmarked: false,
    environment: t.environment,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

/**
 * Traces by page (`listTracesPage`), Langfuse's filters translated: `tags` must all match, `environment` any.
 * @throws invalid_input for a bad parameter.
 */
export async function listTraces(deps: Pick<Deps, "telemetry" | "blobs">, projectId: string, q: TracesQuery) {
  const conditions = [
    ...(q.tags ?? []).map((tag) => ({ column: "tags", operator: "=", value: tag })),
    ...(q.environment?.length ? [{ column: "environment", operator: "in", value: q.environment }] : []),
    ...q.filter,
  ];
  const filters = {
    userId: q.userId,
    name: q.name,
    sessionId: q.sessionId,
    release: q.release,
    version: q.version,
    from: q.fromTimestamp,
    to: q.toTimestamp,
    filter: conditionsJson(conditions),
  };
  const { data, total } = await Traces.listTracesPage(deps, projectId, filters, q.orderBy, {
    offset: pageOffset(q),
    limit: q.limit,
  });
  const ids = data.map((t) => t.id);
  const [bodies, children] = await Promise.all([
    q.fields.has("io")
      ? Traces.readTraceBodies(deps, projectId, ids, { observations: false })
      : Promise.resolve(new Map<string, Traces.TraceBodies>()),
    q.fields.has("observations") || q.fields.has("scores")
      ? Traces.traceChildIds(deps, projectId, ids)
      : Promise.resolve(new Map<string, { observations: string[]; scores: string[] }>()),
  ]);
  const metrics = q.fields.has("metrics");
  return {
    data: data.map((t) => ({
      ...langfuseTrace(projectId, t, bodies.get(t.id)),
      htmlPath: htmlPath(t.id),
      latency: metrics ? seconds(t.latencyMs) : -1,
      totalCost: metrics ? t.totalCost : -1,
      observations: q.fields.has("observations") ? (children.get(t.id)?.observations ?? []) : [],
      scores: q.fields.has("scores") ? (children.get(t.id)?.scores ?? []) : [],
    })),
    meta: pageMeta(q, total),
  };
}

/** One trace with its observations and scores whole (`getTrace`). @throws not_found for an id the project does not hold. */
export async function getTrace(
  deps: Pick<Deps, "telemetry" | "blobs" | "db" | "config" | "caches">,
  projectId: string,
  traceId: string,
  fields: Set<FieldGroup>,
) {
  const [t, configs] = await Promise.all([
    Traces.getTrace(deps, projectId, traceId),
    fields.has("scores") ? Scores.scoreConfigsOf(deps, projectId) : [],
  ]);
  const metrics = fields.has("metrics");
  return {
    ...langfuseTrace(projectId, t, fields.has("io") ? t : undefined),
    htmlPath: htmlPath(t.id),
    latency: metrics ? seconds(t.latencyMs) : -1,
    totalCost: metrics ? t.totalCost : -1,
    observations: fields.has("observations") ? t.observations.map((o) => langfuseObservation(projectId, o)) : [],
    scores: fields.has("scores")
      ? t.scores.map((s) => ({ ...lfScore({ ...s, createdAt: null }, configs), traceId: s.traceId ?? t.id }))
      : [],
  };
}

/** `DELETE /api/public/traces/{traceId}` onto `deleteTrace`. @throws not_found for an id the project does not hold. */
export async function deleteTrace(
  deps: Parameters<typeof Traces.deleteTrace>[0],
  principal: Principal,
  traceId: string,
) {
  await Traces.deleteTrace(deps, principal, traceId);
  return { message: "Trace deleted successfully" };
}

/** `DELETE /api/public/traces` onto `deleteTraces`: all or nothing. @throws not_found naming ids the project does not hold. */
export async function deleteTraces(
  deps: Parameters<typeof Traces.deleteTraces>[0],
  principal: Principal,
  traceIds: readonly string[],
) {
  await Traces.deleteTraces(deps, principal, traceIds);
  return { message: "Traces deleted successfully" };
}
