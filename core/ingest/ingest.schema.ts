import * as z from "zod";
import { NUL_MESSAGE } from "../platform/storable-text";

/**
 * The public ingest contract: Langfuse's ingestion format, so its SDKs work
 * unchanged. The envelope is checked as a whole (a bad one is a 400); each event
 * is checked on its own, so one bad event never rejects the batch.
 */

// Trace and score ids key the Postgres trace mirror, which cannot store a NUL character.
const Id = z
  .string()
  .min(1)
  .max(512)
  .refine((s) => !s.includes("\u0000"), NUL_MESSAGE);
const Timestamp = z.iso
  .datetime({ offset: true, local: true })
  .refine((v) => !Number.isNaN(Date.parse(/(?:Z|[+-]\d{2}:?\d{2})$/i.test(v) ? v : `${v}Z`)), "Invalid date");
/** Explicit nulls are common in SDK output and mean "not set". */
const opt = <T extends z.ZodType>(t: T) => t.nullish();
const Json = z.unknown();
const NumberMap = z.record(z.string(), z.number().finite());
const Level = z.enum(["DEBUG", "DEFAULT", "WARNING", "ERROR"]);

export const TraceBody = z.object({
  id: Id,
  timestamp: opt(Timestamp),
  name: opt(z.string()),
  userId: opt(z.string()),
  sessionId: opt(z.string()),
  sessionPath: opt(z.string()),
  release: opt(z.string()),
  version: opt(z.string()),
  environment: opt(z.string().max(200)),
  public: opt(z.boolean()),
  tags: opt(z.array(z.string())),
  metadata: opt(Json),
  input: opt(Json),
  output: opt(Json),
});

const ObservationFields = {
  id: Id,
  traceId: opt(Id),
  parentObservationId: opt(Id),
  name: opt(z.string()),
  startTime: opt(Timestamp),
  endTime: opt(Timestamp),
  completionStartTime: opt(Timestamp),
  level: opt(Level),
  statusMessage: opt(z.string()),
  version: opt(z.string()),
  environment: opt(z.string().max(200)),
  metadata: opt(Json),
  input: opt(Json),
  output: opt(Json),
  model: opt(z.string()),
  modelParameters: opt(z.record(z.string(), Json)),
  /** Legacy usage shapes ({input, output, total, unit} or {promptTokens, …}). */
  usage: opt(z.record(z.string(), Json)),
  usageDetails: opt(z.record(z.string(), Json)),
  costDetails: opt(NumberMap),
  promptName: opt(z.string()),
  promptVersion: opt(z.number().int().nonnegative()),
};

/** Creates must name their trace; updates may leave it out and inherit it. */
export const ObservationCreateBody = z.object({ ...ObservationFields, traceId: Id });
export const ObservationUpdateBody = z.object(ObservationFields);
/** Legacy `observation-create`/`-update` carry the kind in the body. */
const ObservationKind = z.enum(["SPAN", "GENERATION", "EVENT", "span", "generation", "event"]);

export const ScoreBody = z
  .object({
    id: opt(Id),
    traceId: opt(Id),
    observationId: opt(Id),
    sessionId: opt(Id),
    name: z.string().min(1).max(200),
    value: opt(z.union([z.number().finite(), z.string(), z.boolean()])).describe(
      "The number, 0/1/true/false, or the label; a CATEGORICAL score may give its label as stringValue instead",
    ),
    stringValue: opt(z.string()),
    dataType: opt(z.enum(["NUMERIC", "CATEGORICAL", "BOOLEAN"])),
    comment: opt(z.string()),
    configId: opt(z.string()),
    environment: opt(z.string().max(200)),
    metadata: opt(Json),
    timestamp: opt(Timestamp),
  })
  .refine((s) => s.traceId || s.sessionId, { message: "a score needs a traceId or a sessionId", path: ["traceId"] })
  .refine((s) => s.value != null || s.stringValue != null, {
    message: "a score needs a value (or, CATEGORICAL, a stringValue)",
    path: ["value"],
  })
  .refine((s) => s.value != null || s.dataType == null || s.dataType === "CATEGORICAL", {
    message: "only a CATEGORICAL score may leave out value",
    path: ["value"],
  })
  .refine((s) => s.dataType !== "NUMERIC" || typeof s.value === "number", {
    message: "a NUMERIC score needs a numeric value",
    path: ["value"],
  })
  .refine((s) => s.dataType !== "CATEGORICAL" || typeof s.value === "string" || s.stringValue, {
    message: "a CATEGORICAL score needs a string value",
    path: ["value"],
  })
  .refine((s) => s.dataType !== "BOOLEAN" || s.value === 0 || s.value === 1 || typeof s.value === "boolean", {
    message: "a BOOLEAN score needs the value 0, 1, true or false",
    path: ["value"],
  });

export type ScoreBody = z.infer<typeof ScoreBody>;

export const EVENT_BODIES = {
  "trace-create": TraceBody,
  "span-create": ObservationCreateBody,
  "span-update": ObservationUpdateBody,
  "generation-create": ObservationCreateBody,
  "generation-update": ObservationUpdateBody,
  "event-create": ObservationCreateBody,
  "observation-create": ObservationCreateBody.extend({ type: ObservationKind }),
  "observation-update": ObservationUpdateBody.extend({ type: ObservationKind }),
  "score-create": ScoreBody,
  /** Client diagnostics: accepted and not stored. */
  "sdk-log": z.object({ log: Json }).loose(),
} as const;
export type EventType = keyof typeof EVENT_BODIES;

/** The envelope of one event; its body is checked against its type afterwards. */
export const IngestEventEnvelope = z.object({
  id: Id,
  type: z.string(),
  timestamp: Timestamp,
  body: z.record(z.string(), z.unknown()),
  metadata: z.unknown().optional(),
});

const SdkText = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((s) => !s.includes("\u0000"), NUL_MESSAGE);
export const SdkIdentity = z.object({ name: SdkText(200), version: SdkText(100) });
export type SdkIdentity = z.infer<typeof SdkIdentity>;

export const IngestRequest = z.object({
  batch: z.array(z.unknown()),
  sdk: SdkIdentity.optional(),
  /** Legacy Langfuse clients describe themselves here (`sdk_name`, `sdk_version`). */
  metadata: z.record(z.string(), z.unknown()).nullish(),
});
export type IngestRequest = z.infer<typeof IngestRequest>;

export const IngestResponse = z.object({
  successes: z.array(z.object({ id: z.string(), status: z.number() })),
  errors: z.array(z.object({ id: z.string(), status: z.number(), message: z.string() })),
});
export type IngestResponse = z.infer<typeof IngestResponse>;
