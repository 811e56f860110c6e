/** The shapes of the `/v1` answers the console reads (functions/api/openapi/openapi.json is the source). */

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

export interface TraceRow {
  id: string;
  timestamp: string | null;
  name: string | null;
  userId: string | null;
  sessionId: string | null;
  sessionPath: string | null;
  release: string | null;
  environment: string;
  tags: string[];
  observationCount: number;
  totalCost: number | null;
  latencyMs: number | null;
}

export interface Observation {
  id: string;
  traceId: string;
  type: string;
  parentObservationId: string | null;
  name: string | null;
  startTime: string | null;
  endTime: string | null;
  level: string;
  statusMessage: string | null;
  model: string | null;
  modelParameters: unknown;
  input: unknown;
  output: unknown;
  metadata: unknown;
  promptName: string | null;
  promptVersion: number | null;
  usageDetails: Record<string, number>;
  costDetails: Record<string, number>;
  totalCost: number | null;
  latencyMs: number | null;
  timeToFirstTokenMs: number | null;
}

export interface Score {
  id: string;
  traceId: string | null;
  observationId: string | null;
  name: string | null;
  value: number | null;
  stringValue: string | null;
  dataType: string | null;
  source: string | null;
  comment: string | null;
  timestamp: string | null;
}

export interface TraceDetail extends TraceRow {
  input: unknown;
  output: unknown;
  metadata: unknown;
  observations: Observation[];
  scores: Score[];
}

export interface PromptRow {
  name: string;
  folder: string | null;
  type: "TEXT" | "CHAT";
  latestVersion: number;
  labels: string[];
  updatedAt: string;
}

export type ChatMessage = { role: string; content: string } | { type: string; name: string };

export interface PromptDetail {
  /** The id of the version shown (comments address a prompt version by it). */
  id: string;
  name: string;
  type: "TEXT" | "CHAT";
  version: number;
  content: string | ChatMessage[];
  config: Record<string, unknown>;
  labels: string[];
  commitMessage: string | null;
  resolved: boolean;
  placeholders: string[];
  variables: string[];
  includes: { name: string; label: string | null; version: number | null }[];
  versions: { version: number; type: string; labels: string[]; commitMessage: string | null; createdAt: string }[];
  channels: Record<string, number>;
}

export interface DatasetRow {
  name: string;
  description: string | null;
  itemCount: number;
  updatedAt: string;
}

/** An item as item reads answer it; the source ids are set when it was copied from a trace or an observation. */
export interface DatasetItem {
  id: string;
  input: unknown;
  expectedOutput: unknown;
  metadata: unknown;
  sourceTraceId: string | null;
  sourceObservationId: string | null;
  createdAt: string;
}

export interface DatasetDetail extends DatasetRow {
  runner: { url: string; lastStatus: string | null; lastError: string | null; lastHttpStatus: number | null; lastTriggeredAt: string | null } | null;
  runs: { name: string; version: string | null; remote: boolean; itemCount: number; createdAt: string }[];
  items: DatasetItem[];
  schema: unknown;
  nextCursor: string | null;
}

export interface Comparison {
  datasetName: string;
  runs: { name: string; version: string | null; itemCount: number; scores: { name: string; mean: number | null; count: number }[] }[];
  items: { id: string; input: unknown; expectedOutput: unknown; runs: ({ traceId: string; observationId: string | null; scores: Record<string, number | string | null> } | null)[] }[];
  nextCursor: string | null;
}

export interface ReviewQueue {
  id: string;
  name: string;
  scoreName: string;
  dataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
  categories: string[];
  min: number | null;
  max: number | null;
  description: string | null;
  pending: number;
  done: number;
}

export interface ReviewItem {
  id: string;
  traceId: string;
  status: "pending" | "done";
  reviewer: string | null;
  trace: { name: string | null; input: unknown; output: unknown; timestamp: string | null } | null;
}

export interface ApiKey {
  id: string;
  publicKey: string;
  secretKeyHint: string;
  role: "VIEWER" | "MEMBER" | "ADMIN";
  note: string | null;
  createdAt: string;
}

export interface MetricRow {
  day: string;
  environment?: string;
  model?: string | null;
  traces: number;
  observations: number;
  costUsd: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  latencyP50Ms: number | null;
  latencyP95Ms: number | null;
  latencyP99Ms: number | null;
}

export interface SessionRow {
  id: string;
  traceCount: number;
  firstTimestamp: string | null;
  lastTimestamp: string | null;
  userIds: string[];
  environments: string[];
  totalCost: number | null;
}

export interface UserRow {
  id: string;
  traceCount: number;
  sessionCount: number;
  firstTimestamp: string | null;
  lastTimestamp: string | null;
  environments: string[];
  totalCost: number | null;
  totalTokens: number | null;
}

export interface ScoreConfig {
  id: string;
  name: string;
  dataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
  min: number | null;
  max: number | null;
  categories: string[];
  description: string | null;
  archived: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface AlertRule {
  id: string;
  name: string;
  metric: string;
  scoreName: string | null;
  environment: string | null;
  model: string | null;
  windowMinutes: number;
  operator: string;
  threshold: number;
  state: "ok" | "firing";
  lastValue: number | null;
  lastCheckedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A row of `GET /v1/memberships`: a member, or a pending invitation that applies once the person proves the address. */
export interface Member {
  email: string;
  role: string;
  createdAt: string;
  status: "active" | "invited";
}

/** `GET /v1/oauth-consent`: what an MCP client's consent grants (docs/mcp.md, "Consent"). */
export interface ConsentInfo {
  client: { id: string; name: string | null; uri: string | null; logoUri: string | null };
  redirectUri: string;
  redirectHost: string;
  scopes: { scope: string; description: string }[];
}

/** A comment (docs/comments.md). */
export interface Comment {
  id: string;
  objectType: "TRACE" | "OBSERVATION" | "SESSION" | "PROMPT";
  objectId: string;
  body: string;
  author: { type: "user" | "api_key"; id: string; email: string | null };
  mentions: { userId: string; email: string }[];
  own: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A share link of a trace, as listed (docs/sharing.md); the token appears only in the answer that made it. */
export interface ShareLink {
  id: string;
  traceId: string;
  createdBy: string;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  status: "active" | "expired" | "revoked";
}

export interface ExperimentProgress {
  status: "queued" | "running" | "completed" | "failed" | "cancelled";
  prompt: { name: string; version: number; label: string | null };
  provider: string;
  model: string;
  concurrency: number;
  total: number;
  done: number;
  failed: number;
  pending: number;
  cancelled: number;
  failures: { datasetItemId: string; error: string }[];
  costUsd: number;
  latencyMs: { p50: number | null; p95: number | null; p99: number | null };
  error: string | null;
  finishedAt: string | null;
}

export interface ExperimentRun {
  datasetName: string;
  name: string;
  version: string | null;
  createdAt: string;
  items: { datasetItemId: string; traceId: string; observationId: string | null; createdAt: string }[];
  scores: { name: string; mean: number | null; count: number }[];
  experiment?: ExperimentProgress;
}
