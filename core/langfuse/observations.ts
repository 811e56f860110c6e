import * as z from "zod";
import type { Deps } from "../platform/deps";
import { Limit } from "../platform/pagination";
import * as Traces from "../traces";
import { namedGroups } from "./field-groups";
import { langfuseFilter, OBSERVATION_FILTER_COLUMNS } from "./filter";
import { PageQuery, paged, pageMeta, pageOffset } from "./page";
import { conditionsJson, DateTimeParam, Repeated, seconds } from "./query";

/** Langfuse's Observation as its v1 reads answer it (ObservationsView): ours, renamed, with its deprecated usage fields. */
export const LangfuseObservation = z.object({
  id: z.string(),
  projectId: z.string(),
  traceId: z.string().nullable(),
  type: z.string(),
  name: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  completionStartTime: z.string().nullable(),
  model: z.string().nullable(),
  modelParameters: z.unknown(),
  input: z.unknown(),
  output: z.unknown(),
  metadata: z.unknown(),
  version: z.string().nullable(),
  level: z.string(),
  statusMessage: z.string().nullable(),
  parentObservationId: z.string().nullable(),
  environment: z.string(),
  promptId: z.string().nullable(),
  promptName: z.string().nullable(),
  promptVersion: z.number().nullable(),
  usageDetails: z.record(z.string(), z.number()),
  costDetails: z.record(z.string(), z.number()),
  usage: z.object({ unit: z.string().nullable(), input: z.number(), output: z.number(), total: z.number() }),
  unit: z.string().nullable(),
  promptTokens: z.number(),
  completionTokens: z.number(),
  totalTokens: z.number(),
  modelId: z.string().nullable(),
  inputPrice: z.number().nullable(),
  outputPrice: z.number().nullable(),
  totalPrice: z.number().nullable(),
  calculatedInputCost: z.number().nullable(),
  calculatedOutputCost: z.number().nullable(),
  calculatedTotalCost: z.number().nullable(),
  latency: z.number().nullable().describe("seconds"),
  timeToFirstToken: z.number().nullable().describe("seconds"),
});
export type LangfuseObservation = z.infer<typeof LangfuseObservation>;

/** Input, output and total of a usage or cost map, as Langfuse reduces them: keys starting with `input` or `output`, and `total`. */
function reduced(details: Record<string, number>) {
  const sum = (prefix: string) => {
    const keys = Object.keys(details).filter((k) => k.startsWith(prefix));
    return keys.length ? keys.reduce((acc, k) => acc + details[k]!, 0) : null;
  };
  const input = sum("input");
  const output = sum("output");
  const total = details.total ?? (input === null && output === null ? null : (input ?? 0) + (output ?? 0));
  return { input, output, total };
}

/** One of our observations in Langfuse's wire shape. */
export function langfuseObservation(projectId: string, o: Traces.ObservationDetail): LangfuseObservation {
  const usage = reduced(o.usageDetails);
  const cost = reduced(o.costDetails);
  return {
    id: o.id,
    projectId,
    traceId: o.traceId,
    type: o.type,
    name: o.name,
    startTime: o.startTime,
    endTime: o.endTime,
    completionStartTime: o.completionStartTime,
    model: o.model,
    modelParameters: o.modelParameters,
    input: o.input,
    output: o.output,
    metadata: o.metadata,
    version: o.version,
    level: o.level,
    statusMessage: o.statusMessage,
    parentObservationId: o.parentObservationId,
    environment: o.environment,
    // Prompts are linked by name and version here; there is no prompt id to give.
    promptId: null,
    promptName: o.promptName,
    promptVersion: o.promptVersion,
    usageDetails: o.usageDetails,
    costDetails: o.costDetails,
    usage: { unit: "TOKENS", input: usage.input ?? 0, output: usage.output ?? 0, total: usage.total ?? 0 },
    unit: "TOKENS",
    promptTokens: usage.input ?? 0,
    completionTokens: usage.output ?? 0,
    totalTokens: usage.total ?? 0,
    // Prices live in the price table (docs/ingest.md), not on the observation.
    modelId: null,
    inputPrice: null,
    outputPrice: null,
    totalPrice: null,
    calculatedInputCost: cost.input,
    calculatedOutputCost: cost.output,
    calculatedTotalCost: o.totalCost,
    latency: seconds(o.latencyMs),
    timeToFirstToken: seconds(o.timeToFirstTokenMs),
  };
}

const LEVELS = ["DEBUG", "DEFAULT", "WARNING", "ERROR"] as const;

const ObservationFilter = langfuseFilter(OBSERVATION_FILTER_COLUMNS).describe(
  "Langfuse's JSON conditions on the observation's own columns (id, type, name, traceId, times, level, model, tokens, cost, …)",
);

/** `GET /api/public/observations`: Langfuse's query parameters. */
export const ObservationsQuery = PageQuery.extend({
  name: z.string().optional(),
  userId: z.string().optional(),
  type: z.string().optional(),
  traceId: z.string().optional(),
  parentObservationId: z.string().optional(),
  level: z.enum(LEVELS).optional(),
  version: z.string().optional(),
  environment: Repeated.optional(),
  fromStartTime: DateTimeParam.optional(),
  toStartTime: DateTimeParam.optional(),
  filter: ObservationFilter,
});
export type ObservationsQuery = z.infer<typeof ObservationsQuery>;

export const ObservationsPage = paged(LangfuseObservation);
export const ObservationPath = z.object({ observationId: z.string().min(1) });

/** The span explorer's selection for Langfuse's observation filters (the v1 and v2 lists take the same ones). */
function selection(q: ObservationFilters) {
  const conditions = [
    ...(q.parentObservationId !== undefined
      ? [{ column: "parentObservationId", operator: "=", value: q.parentObservationId }]
      : []),
    ...(q.version !== undefined ? [{ column: "version", operator: "=", value: q.version }] : []),
    ...(q.environment?.length ? [{ column: "environment", operator: "in", value: q.environment }] : []),
    ...(q.filter ?? []),
  ];
  return {
    name: q.name,
    userId: q.userId,
    sessionId: q.sessionId,
    type: q.type,
    traceId: q.traceId,
    level: q.level,
    from: q.fromStartTime,
    to: q.toStartTime,
    filter: conditionsJson(conditions),
  };
}
type ObservationFilters = Omit<ObservationsQuery, "page" | "limit"> & { sessionId?: string };

/** Observations by page, newest start first, whole (`listObservationsPage`). @throws invalid_input for a bad parameter. */
export async function listObservations(
  deps: Pick<Deps, "telemetry" | "blobs">,
  projectId: string,
  q: ObservationsQuery,
) {
  const { data, total } = await Traces.listObservationsPage(
    deps,
    projectId,
    selection(q),
    { column: "startTime", dir: "desc" },
    { offset: pageOffset(q), limit: q.limit },
  );
  return { data: data.map((o) => langfuseObservation(projectId, o)), meta: pageMeta(q, total) };
}

/** One observation, whole. @throws not_found for an id the project does not hold. */
export async function getObservation(
  deps: Pick<Deps, "telemetry" | "blobs">,
  projectId: string,
  observationId: string,
) {
  return langfuseObservation(projectId, await Traces.getObservation(deps, projectId, observationId));
}

// ---- v2: the cursor list (`GET /api/public/v2/observations`, docs/langfuse.md "Observations v2") ----

const V2_GROUPS = [
  "core",
  "basic",
  "time",
  "io",
  "metadata",
  "model",
  "usage",
  "prompt",
  "metrics",
  "trace_context",
] as const;
type V2Group = (typeof V2_GROUPS)[number];

/** Langfuse's v2 `fields`: comma-separated groups, unknown ones ignored as Langfuse does; `core` and `basic` when none is named. */
const V2Fields = z
  .string()
  .optional()
  .transform((v) => {
    const groups = namedGroups(v, V2_GROUPS);
    return new Set<V2Group>(["core", ...(groups.length ? groups : (["basic"] as const))]);
  });

/** A parameter we cannot honour exactly is refused rather than ignored, as `filter` is. */
const refused = (message: string) =>
  z
    .string()
    .optional()
    .refine((v) => v === undefined, message);

/** `GET /api/public/v2/observations`: Langfuse's query parameters. */
export const ObservationsV2Query = z.object({
  fields: V2Fields.describe(
    "comma-separated field groups: core, basic, time, io, metadata, model, usage, prompt, metrics, trace_context; core and basic by default",
  ),
  expandMetadata: z.string().optional().describe("accepted and not needed: metadata is never truncated here"),
  limit: Limit,
  cursor: z.string().optional().describe("`meta.cursor` of the previous page"),
  parseIoAsJson: z
    .enum(["true", "false"])
    .optional()
    .refine(
      (v) => v !== "true",
      "parseIoAsJson=true is not supported on the v2 observations list: input and output are returned as raw strings; leave it out or set it to false",
    ),
  name: z.string().optional(),
  userId: z.string().optional(),
  sessionId: z.string().optional(),
  type: z.string().optional(),
  traceId: z.string().optional(),
  level: z.enum(LEVELS).optional(),
  parentObservationId: z
    .string()
    .min(1, "an empty parentObservationId (observations without a parent) is not supported here")
    .optional(),
  isRootObservation: refused("isRootObservation is not supported here; filter by parentObservationId or traceId"),
  environment: Repeated.optional(),
  fromStartTime: DateTimeParam.optional(),
  toStartTime: DateTimeParam.optional(),
  version: z.string().optional(),
  filter: ObservationFilter,
});
export type ObservationsV2Query = z.infer<typeof ObservationsV2Query>;

/** Langfuse's ObservationV2: the core fields and the price enrichment always, the other groups' fields when asked. */
export const LangfuseObservationV2 = z.object({
  id: z.string(),
  traceId: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  projectId: z.string(),
  parentObservationId: z.string().nullable(),
  type: z.string(),
  modelId: z.null(),
  inputPrice: z.null(),
  outputPrice: z.null(),
  totalPrice: z.null(),
  // basic
  isRootObservation: z.boolean().optional(),
  name: z.string().nullable().optional(),
  level: z.string().optional(),
  statusMessage: z.string().nullable().optional(),
  version: z.string().nullable().optional(),
  environment: z.string().nullable().optional(),
  bookmarked: z.boolean().optional(),
  public: z.boolean().optional(),
  userId: z.string().nullable().optional(),
  sessionId: z.string().nullable().optional(),
  // time
  completionStartTime: z.string().nullable().optional(),
  createdAt: z.string().nullable().optional(),
  updatedAt: z.string().nullable().optional(),
  // io: raw strings, as Langfuse's v2 list answers them
  input: z.string().nullable().optional(),
  output: z.string().nullable().optional(),
  // metadata
  metadata: z.unknown().optional(),
  // model
  providedModelName: z.string().nullable().optional(),
  internalModelId: z.null().optional(),
  modelParameters: z.unknown().optional(),
  // usage
  usageDetails: z.record(z.string(), z.number()).optional(),
  costDetails: z.record(z.string(), z.number()).optional(),
  totalCost: z.number().nullable().optional(),
  usagePricingTierName: z.null().optional(),
  // prompt
  promptId: z.null().optional(),
  promptName: z.string().nullable().optional(),
  promptVersion: z.number().nullable().optional(),
  // metrics
  latency: z.number().nullable().optional().describe("seconds"),
  timeToFirstToken: z.number().nullable().optional().describe("seconds"),
  // trace_context
  traceName: z.string().nullable().optional(),
  tags: z.array(z.string()).optional(),
  release: z.string().nullable().optional(),
});
export type LangfuseObservationV2 = z.infer<typeof LangfuseObservationV2>;

export const ObservationsV2Page = z.object({
  data: z.array(LangfuseObservationV2),
  meta: z.object({ cursor: z.string().optional().describe("absent on the last page") }),
});

/** A body as Langfuse's v2 list gives it: the stored text (a string as itself, any other value as its JSON). */
const raw = (v: unknown) => (v === null || v === undefined ? null : typeof v === "string" ? v : JSON.stringify(v));

type TraceContext = Awaited<ReturnType<typeof Traces.traceSummaries>> extends Map<string, infer T> ? T : never;

/** One observation in Langfuse's v2 shape, with only the asked groups: a projection of the v1 translation. */
function langfuseObservationV2(
  o: LangfuseObservation,
  times: { createdAt: string | null; updatedAt: string | null },
  trace: TraceContext | undefined,
  groups: Set<V2Group>,
): LangfuseObservationV2 {
  const out: LangfuseObservationV2 = {
    id: o.id,
    traceId: o.traceId,
    startTime: o.startTime,
    endTime: o.endTime,
    projectId: o.projectId,
    parentObservationId: o.parentObservationId,
    type: o.type,
    // Prices live in the price table (docs/ingest.md); the costs are in the usage group.
    modelId: null,
    inputPrice: null,
    outputPrice: null,
    totalPrice: null,
  };
  if (groups.has("basic")) {
    Object.assign(out, {
      isRootObservation: o.parentObservationId === null,
      name: o.name,
      level: o.level,
      statusMessage: o.statusMessage,
      version: o.version,
      environment: o.environment,
      // There are no bookmarks here; `public` and the ids are the trace's.
      bookmarked: false,
      public: trace?.public ?? false,
      userId: trace?.userId ?? null,
      sessionId: trace?.sessionId ?? null,
    });
  }
  if (groups.has("time")) Object.assign(out, { completionStartTime: o.completionStartTime, ...times });
  if (groups.has("io")) Object.assign(out, { input: raw(o.input), output: raw(o.output) });
  if (groups.has("metadata")) out.metadata = o.metadata;
  if (groups.has("model"))
    Object.assign(out, { providedModelName: o.model, internalModelId: null, modelParameters: o.modelParameters });
  if (groups.has("usage"))
    Object.assign(out, {
      usageDetails: o.usageDetails,
      costDetails: o.costDetails,
      totalCost: o.calculatedTotalCost,
      usagePricingTierName: null,
    });
  if (groups.has("prompt"))
    Object.assign(out, { promptId: o.promptId, promptName: o.promptName, promptVersion: o.promptVersion });
  if (groups.has("metrics")) Object.assign(out, { latency: o.latency, timeToFirstToken: o.timeToFirstToken });
  if (groups.has("trace_context"))
    Object.assign(out, { traceName: trace?.name ?? null, tags: trace?.tags ?? [], release: trace?.release ?? null });
  return out;
}

/**
 * Observations by cursor, newest start first (`listObservationsWhole`, the `/v1/observations` list): bodies are
 * read only when `io` or `metadata` is asked, the traces only when `basic` or `trace_context` is.
 *
 * @throws invalid_input for a bad parameter or cursor.
 */
export async function listObservationsV2(
  deps: Pick<Deps, "telemetry" | "blobs">,
  projectId: string,
  q: ObservationsV2Query,
) {
  const bodies = q.fields.has("io") || q.fields.has("metadata");
  const { data, nextCursor } = await Traces.listObservationsWhole(
    deps,
    projectId,
    {
      ...selection(q),
      limit: q.limit,
      cursor: q.cursor,
      orderBy: "startTime",
      order: "desc",
      environment: undefined,
      model: undefined,
    },
    { bodies },
  );
  const traces =
    q.fields.has("basic") || q.fields.has("trace_context")
      ? await Traces.traceSummaries(
          deps,
          projectId,
          data.map((o) => o.traceId),
        )
      : new Map<string, TraceContext>();
  return {
    data: data.map((o) =>
      langfuseObservationV2(
        langfuseObservation(projectId, o),
        { createdAt: o.createdAt, updatedAt: o.updatedAt },
        traces.get(o.traceId),
        q.fields,
      ),
    ),
    meta: nextCursor ? { cursor: nextCursor } : {},
  };
}
