import type { paths } from "./api-schema";

/**
 * The shapes of the `/v1` answers the console reads, named. Each is taken from console/src/api-schema.ts, which
 * openapi-typescript generates from the API's OpenAPI document (`npm run openapi`): a change to an endpoint's zod
 * contract reaches the console's type check, with no hand copy to drift (docs/console.md, "Types").
 */

type Method = "get" | "post" | "put" | "patch" | "delete";
type Json<R> = R extends { content: { "application/json": infer B } } ? B : never;
/** The JSON body of a route's success answer (200, 201 or 202). */
export type Answer<P extends keyof paths, M extends Method = "get"> = paths[P][M] extends { responses: infer R }
  ? R extends { 200: infer S }
    ? Json<S>
    : R extends { 201: infer S }
      ? Json<S>
      : R extends { 202: infer S }
        ? Json<S>
        : never
  : never;
/** A row of a list answer (`{ data: [...] }`). */
type Row<P extends keyof paths> = Answer<P> extends { data: (infer T)[] } ? T : never;

/** A page of a cursor-paged list (the answers' common shape). */
export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

export type TraceRow = Row<"/v1/traces">;
export type TraceDetail = Answer<"/v1/traces/{id}">;
export type Observation = TraceDetail["observations"][number];
export type Score = TraceDetail["scores"][number];

export type PromptRow = Row<"/v1/prompts">;
export type PromptDetail = Answer<"/v1/prompts/{name}">;
export type ChatMessage = Exclude<PromptDetail["content"], string>[number];

export type DatasetRow = Row<"/v1/datasets">;
export type DatasetDetail = Answer<"/v1/datasets/{name}">;
/** An item as item reads answer it; the source ids are set when it was copied from a trace or an observation. */
export type DatasetItem = DatasetDetail["items"][number];
export type Comparison = Answer<"/v1/datasets/{name}/compare">;
export type ExperimentRun = Answer<"/v1/datasets/{name}/runs/{run}">;
export type ExperimentProgress = NonNullable<ExperimentRun["experiment"]>;

export type ReviewQueue = Row<"/v1/review-queues">;
export type ReviewItem = Row<"/v1/review-queues/{queue}/items">;
export type ScoreConfig = Row<"/v1/score-configs">;

export type ApiKey = Row<"/v1/api-keys">;
/** A row of `GET /v1/memberships`: a member, or a pending invitation that applies once the person proves the address. */
export type Member = Row<"/v1/memberships">;
/** `GET /v1/oauth-consent`: what an MCP client's consent grants (docs/mcp.md, "Consent"). */
export type ConsentInfo = Answer<"/v1/oauth-consent">;

export type MetricRow = Row<"/v1/metrics">;
export type SessionRow = Row<"/v1/sessions">;
export type UserRow = Row<"/v1/users">;
export type AlertRule = Row<"/v1/alerts">;

/** A comment (docs/comments.md). */
export type Comment = Row<"/v1/comments">;
/** A share link of a trace, as listed (docs/sharing.md); the token appears only in the answer that made it. */
export type ShareLink = Row<"/v1/traces/{id}/share-links">;
/** A scheduled export to S3 (docs/export.md, "Scheduled exports"); its secret is never returned, only `hasCredentials`. */
export type ExportConfig = Row<"/v1/export-configs">;
