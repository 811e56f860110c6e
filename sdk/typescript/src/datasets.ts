import type { Connection } from "./connection.js";
import { request, type Transport } from "./http.js";

/** Dataset and experiment calls, each one request; the client binds them to its connection. */

export interface NewDatasetItem {
  id?: string;
  input: unknown;
  expectedOutput?: unknown;
  metadata?: unknown;
}

export interface AddItemsResult {
  added: number;
  rejected: number;
  errors: { index: number; field: string; message: string }[];
}

export interface RunItem {
  datasetItemId: string;
  traceId: string;
  observationId?: string;
}

export interface NewRun {
  runName: string;
  version?: string;
  metadata?: Record<string, unknown>;
  items?: RunItem[];
  /** Evaluators that score each item's trace once it has an output. */
  evaluators?: string[];
}

export interface DatasetRun {
  datasetName: string;
  name: string;
  version: string | null;
  metadata: unknown;
  remote: boolean;
  createdAt: string;
  items: (RunItem & { observationId: string | null; createdAt: string })[];
  scores: { name: string; mean: number | null; count: number }[];
}

export interface GateResult {
  passed: boolean;
  results: { scoreName: string; mean: number | null; threshold: number; count: number; passed: boolean }[];
}

const seg = encodeURIComponent;

/** `POST /v1/datasets`; a 409 when the name exists. */
export const createDataset = (
  conn: Connection,
  body: { name: string; description?: string; metadata?: Record<string, unknown> },
  t?: Transport,
) => request<{ id: string; name: string }>(conn, "POST", "/v1/datasets", body, t);

/** `POST /v1/datasets/{name}/items` (at most 10,000 at once): invalid items are reported per index, the rest are added. */
export const addDatasetItems = (conn: Connection, dataset: string, items: NewDatasetItem[], t?: Transport) =>
  request<AddItemsResult>(conn, "POST", `/v1/datasets/${seg(dataset)}/items`, { items }, t);

/** `POST /v1/datasets/{name}/runs`: a run with its item-to-trace links; a 409 when the run exists. */
export const createDatasetRun = (conn: Connection, dataset: string, run: NewRun, t?: Transport) =>
  request<DatasetRun>(conn, "POST", `/v1/datasets/${seg(dataset)}/runs`, run, t);

/** `GET /v1/datasets/{name}/runs/{run}`: the links and each numeric score's mean. */
export const getDatasetRun = (conn: Connection, dataset: string, run: string, t?: Transport) =>
  request<DatasetRun>(conn, "GET", `/v1/datasets/${seg(dataset)}/runs/${seg(run)}`, undefined, t);

/** `POST /v1/datasets/{name}/runs/{run}/gate`: each score's mean against its minimum; a score with no values fails. */
export const gateDatasetRun = (
  conn: Connection,
  dataset: string,
  run: string,
  thresholds: Record<string, number>,
  t?: Transport,
) => request<GateResult>(conn, "POST", `/v1/datasets/${seg(dataset)}/runs/${seg(run)}/gate`, { thresholds }, t);

/** How to start an experiment run by Sightline (`POST /v1/datasets/{name}/experiments`). */
export interface NewExperiment {
  runName?: string;
  prompt: { name: string; version?: number; label?: string };
  provider: "mock" | "openai" | "anthropic";
  model: string;
  parameters?: { temperature?: number; maxTokens?: number };
  /** Prompt variable → item field, e.g. `{ question: "input.question" }`. */
  mapping?: Record<string, string>;
  evaluators?: string[];
  concurrency?: number;
}

export interface ExperimentProgress {
  status: "queued" | "running" | "completed" | "failed" | "cancelled";
  prompt: { name: string; version: number; label: string | null };
  provider: string;
  model: string;
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

export type ExperimentRun = DatasetRun & { experiment?: ExperimentProgress };

export interface RunComparison {
  datasetName: string;
  runs: {
    name: string;
    version: string | null;
    createdAt: string;
    itemCount: number;
    scores: { name: string; mean: number | null; count: number }[];
  }[];
  items: {
    id: string;
    input: unknown;
    expectedOutput: unknown;
    runs: ({ traceId: string; observationId: string | null; scores: Record<string, number> } | null)[];
  }[];
  nextCursor: string | null;
}

/** `POST /v1/datasets/{name}/experiments`: the run, queued (202); read its progress with `getDatasetRun`. */
export const startExperiment = (conn: Connection, dataset: string, body: NewExperiment, t?: Transport) =>
  request<ExperimentRun>(conn, "POST", `/v1/datasets/${seg(dataset)}/experiments`, body, t);

/** `POST /v1/datasets/{name}/runs/{run}/cancel`: pending items stop; a 409 when the run already ended. */
export const cancelExperiment = (conn: Connection, dataset: string, run: string, t?: Transport) =>
  request<ExperimentRun>(conn, "POST", `/v1/datasets/${seg(dataset)}/runs/${seg(run)}/cancel`, undefined, t);

/** `GET /v1/datasets/{name}/compare?runs=…`: items × runs with their scores, and each run's means. */
export const compareDatasetRuns = (conn: Connection, dataset: string, runs: string[], t?: Transport) =>
  request<RunComparison>(
    conn,
    "GET",
    `/v1/datasets/${seg(dataset)}/compare?runs=${runs.map(seg).join(",")}`,
    undefined,
    t,
  );
