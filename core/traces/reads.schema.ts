import * as z from "zod";
import { Limit } from "../platform/pagination";
import { Iso, listQueryFields, Order } from "../reads";
import { ObservationView, TraceFields } from "./traces.schema";

/** Wire shapes of the telemetry list, metrics and analytics endpoints. */

/** `GET /v1/traces/{id}` and the MCP tool `get_trace` address a trace by this one shape. */
export const TracePath = z.object({ id: z.string().min(1) });

export const OBSERVATION_SORTS = [
  "startTime",
  "endTime",
  "latency",
  "cost",
  "totalTokens",
  "inputTokens",
  "outputTokens",
  "timeToFirstToken",
  "name",
  "model",
  "level",
  "type",
  "environment",
] as const;
export const ListObservationsQuery = z.object({
  ...listQueryFields,
  type: z.string().optional(),
  model: z.string().optional(),
  level: z.string().optional(),
  traceId: z.string().optional(),
  userId: z.string().optional(),
  sessionId: z.string().optional(),
  orderBy: z.enum(OBSERVATION_SORTS).default("startTime"),
  order: Order,
});
export type ListObservationsQuery = z.infer<typeof ListObservationsQuery>;
/** What selects observations in the span explorer, without the page and the order: bulk actions take it. */
export type ObservationSelection = Omit<ListObservationsQuery, "limit" | "cursor" | "orderBy" | "order">;

export const TRACE_SORTS = ["timestamp", "name", "userId", "sessionId", "environment", "release", "version"] as const;
export const ListTracesQuery = z.object({
  ...listQueryFields,
  userId: z.string().optional(),
  sessionId: z.string().optional(),
  release: z.string().optional(),
  version: z.string().optional(),
  tags: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe("a trace matches when it carries any of these tags"),
  orderBy: z.enum(TRACE_SORTS).default("timestamp"),
  order: Order,
});
export type ListTracesQuery = z.infer<typeof ListTracesQuery>;

export const ListSessionsQuery = z.object({
  limit: Limit,
  cursor: z.string().optional(),
  from: Iso.optional(),
  to: Iso.optional(),
  environment: z.string().optional(),
  userId: z.string().optional(),
});
export type ListSessionsQuery = z.infer<typeof ListSessionsQuery>;

export const ListUsersQuery = z.object({
  limit: Limit,
  cursor: z.string().optional(),
  from: Iso.optional(),
  to: Iso.optional(),
  environment: z.string().optional(),
});
export type ListUsersQuery = z.infer<typeof ListUsersQuery>;

export const GetSessionQuery = z.object({ groupBy: z.enum(["sessionPath"]).optional() });

const Dimension = z.enum(["day", "environment", "model"]);
export const MetricsQuery = z.object({
  from: Iso.optional().describe("inclusive; default 30 days before `to`"),
  to: Iso.optional().describe("exclusive; default now"),
  environment: z.string().optional(),
  model: z.string().optional(),
  groupBy: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v, ctx) => {
      const parts = (Array.isArray(v) ? v : v ? [v] : [])
        .flatMap((s) => s.split(","))
        .map((s) => s.trim())
        .filter(Boolean);
      const dims = new Set<z.infer<typeof Dimension>>(["day"]);
      for (const p of parts) {
        const d = Dimension.safeParse(p);
        if (!d.success) {
          ctx.addIssue({ code: "custom", message: `unknown dimension '${p}'; expected day, environment or model` });
          return z.NEVER;
        }
        dims.add(d.data);
      }
      return Dimension.options.filter((d) => dims.has(d));
    })
    .describe("day (always), environment, model; comma-separated or repeated"),
});
export type MetricsQuery = z.infer<typeof MetricsQuery>;

export const ObservationListItem = ObservationView.omit({ input: true, output: true, metadata: true });
export const ObservationPage = z.object({ data: z.array(ObservationListItem), nextCursor: z.string().nullable() });

export const TraceListItem = TraceFields.extend({
  observationCount: z.number(),
  totalCost: z.number().nullable(),
  latencyMs: z.number().nullable(),
});
export const TracePage = z.object({ data: z.array(TraceListItem), nextCursor: z.string().nullable() });

export const SessionSummary = z.object({
  id: z.string(),
  traceCount: z.number(),
  firstTimestamp: z.string().nullable(),
  lastTimestamp: z.string().nullable(),
  userIds: z.array(z.string()),
  environments: z.array(z.string()),
  totalCost: z.number().nullable(),
});
export const SessionPage = z.object({ data: z.array(SessionSummary), nextCursor: z.string().nullable() });

export const UserSummary = z.object({
  id: z.string().describe("the `userId` the customer's traces carry"),
  traceCount: z.number(),
  sessionCount: z.number(),
  firstTimestamp: z.string().nullable(),
  lastTimestamp: z.string().nullable(),
  environments: z.array(z.string()),
  totalCost: z.number().nullable().describe("USD over the observations of the user's traces; null when none is priced"),
  totalTokens: z.number().nullable(),
});
export type UserSummary = z.infer<typeof UserSummary>;
export const UserPage = z.object({ data: z.array(UserSummary), nextCursor: z.string().nullable() });

export interface PathGroupShape {
  segment: string | null;
  path: string | null;
  traceCount: number;
  totalCost: number | null;
  traces: z.infer<typeof TraceListItem>[];
  children: PathGroupShape[];
}
export const PathGroup: z.ZodType<PathGroupShape> = z
  .lazy(() =>
    z.object({
      segment: z.string().nullable(),
      path: z.string().nullable(),
      traceCount: z.number(),
      totalCost: z.number().nullable(),
      traces: z.array(TraceListItem),
      children: z.array(PathGroup),
    }),
  )
  .meta({ id: "PathGroup" }); // a recursive schema is referenced by name (components.schemas in the OpenAPI document)
export const SessionDetail = SessionSummary.extend({
  traces: z.array(TraceListItem),
  tracesTruncated: z.boolean(),
  groups: z.array(PathGroup).optional(),
});

export const MetricsRow = z.object({
  day: z.string(),
  environment: z.string().optional(),
  model: z.string().nullable().optional(),
  traces: z.number(),
  observations: z.number(),
  costUsd: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  totalTokens: z.number(),
  latencyP50Ms: z.number().nullable(),
  latencyP95Ms: z.number().nullable(),
  latencyP99Ms: z.number().nullable(),
});
export const MetricsResult = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.array(Dimension),
  data: z.array(MetricsRow),
});

export const RetentionPolicy = z.object({
  maxAgeDays: z.number().int(),
  updatedAt: z.string().nullable(),
  lastAppliedAt: z.string().nullable(),
});
export const PutRetention = z.object({ maxAgeDays: z.number().int().min(0).max(36500) });
export const RetentionResult = z.object({
  maxAgeDays: z.number(),
  cutoff: z.string().nullable(),
  deleted: z.object({
    traces: z.number(),
    observations: z.number(),
    scores: z.number(),
    payloadBlobs: z.number(),
    batchBlobs: z.number(),
  }),
});
const Deleted = z.object({
  traces: z.number(),
  observations: z.number(),
  scores: z.number(),
  payloadBlobs: z.number(),
});
export const DeletionResult = z.object({ deleted: Deleted });
/** End-user erasure also counts the dataset items copied from the user's traces (docs/datasets.md, "From traces"). */
export const UserDeletionResult = z.object({ deleted: Deleted.extend({ datasetItems: z.number() }) });
