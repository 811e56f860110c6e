import * as z from "zod";
import { ScoreView } from "../scores";

const Json = z.unknown();
const NumberMap = z.record(z.string(), z.number());

export const ObservationView = z.object({
  id: z.string(),
  traceId: z.string(),
  type: z.string(),
  parentObservationId: z.string().nullable(),
  name: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  completionStartTime: z.string().nullable(),
  level: z.string(),
  statusMessage: z.string().nullable(),
  version: z.string().nullable(),
  environment: z.string(),
  model: z.string().nullable(),
  modelParameters: Json,
  input: Json,
  output: Json,
  metadata: Json,
  promptName: z.string().nullable(),
  promptVersion: z.number().nullable(),
  usageDetails: NumberMap,
  costDetails: NumberMap,
  costSource: z.enum(["client", "computed"]).nullable(),
  totalCost: z.number().nullable(),
  latencyMs: z.number().nullable(),
  timeToFirstTokenMs: z.number().nullable(),
});

/** What every read of a trace shows, in lists and in the detail. */
export const TraceFields = z.object({
  id: z.string(),
  timestamp: z.string().nullable(),
  name: z.string().nullable(),
  userId: z.string().nullable(),
  sessionId: z.string().nullable(),
  sessionPath: z.string().nullable(),
  release: z.string().nullable(),
  version: z.string().nullable(),
  environment: z.string(),
  public: z.boolean(),
  tags: z.array(z.string()),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});

export const TraceDetail = TraceFields.extend({
  input: Json,
  output: Json,
  metadata: Json,
  observations: z.array(ObservationView),
  scores: z.array(ScoreView),
  totalCost: z.number().nullable(),
  latencyMs: z.number().nullable(),
});
