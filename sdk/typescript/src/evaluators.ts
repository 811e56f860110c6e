import type { Connection } from "./connection.js";
import type { ScoreBody } from "./events.js";
import { request, type Transport } from "./http.js";

export interface RunEvaluatorInput {
  traceId: string;
  observationId?: string;
  /** Overrides the trace's input; with input or output given the trace need not be stored yet. */
  input?: unknown;
  output?: unknown;
  expectedOutput?: unknown;
}

export interface EvaluatorScore {
  id: string;
  name: string;
  value: number | null;
  stringValue: string | null;
  dataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
  source: "EVAL";
  comment: string | null;
}

/** `POST /v1/evaluators/{name}/run`: runs it now and answers the score it wrote. */
export const runEvaluator = (conn: Connection, name: string, input: RunEvaluatorInput, t?: Transport) =>
  request<{ score: EvaluatorScore }>(conn, "POST", `/v1/evaluators/${encodeURIComponent(name)}/run`, input, t);

/** `POST /v1/scores`: one score at once, outside the batch (a 400 when it misfits its config). */
export const createScore = (conn: Connection, score: ScoreBody, t?: Transport) =>
  request<{ id: string }>(conn, "POST", "/v1/scores", score, t);
