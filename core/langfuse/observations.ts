import * as z from "zod";
import * as Traces from "../traces";
import type { Deps } from "../platform/deps";
import { PageQuery, pageMeta, pageOffset, paged } from "./page";
import { conditionsJson, DateTimeParam, Repeated, seconds, UnsupportedFilter } from "./query";

/** Langfuse's Observation as its v1 reads answer it (ObservationsView): ours, renamed, with its deprecated usage fields. */
export const LangfuseObservation = z
  .object({
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
  filter: UnsupportedFilter,
});
export type ObservationsQuery = z.infer<typeof ObservationsQuery>;

export const ObservationsPage = paged(LangfuseObservation);
export const ObservationPath = z.object({ observationId: z.string().min(1) });

/** Observations by page, newest start first, whole (`listObservationsPage`). @throws invalid_input for a bad parameter. */
export async function listObservations(deps: Pick<Deps, "ch" | "blobs">, projectId: string, q: ObservationsQuery) {
  const conditions = [
    ...(q.parentObservationId !== undefined ? [{ column: "parentObservationId", operator: "=", value: q.parentObservationId }] : []),
    ...(q.version !== undefined ? [{ column: "version", operator: "=", value: q.version }] : []),
    ...(q.environment?.length ? [{ column: "environment", operator: "in", value: q.environment }] : []),
  ];
  const selection = { name: q.name, userId: q.userId, type: q.type, traceId: q.traceId, level: q.level, from: q.fromStartTime, to: q.toStartTime, filter: conditionsJson(conditions) };
  const { data, total } = await Traces.listObservationsPage(deps, projectId, selection, { column: "startTime", dir: "desc" }, { offset: pageOffset(q), limit: q.limit });
  return { data: data.map((o) => langfuseObservation(projectId, o)), meta: pageMeta(q, total) };
}

/** One observation, whole. @throws not_found for an id the project does not hold. */
export async function getObservation(deps: Pick<Deps, "ch" | "blobs">, projectId: string, observationId: string) {
  return langfuseObservation(projectId, await Traces.getObservation(deps, projectId, observationId));
}
