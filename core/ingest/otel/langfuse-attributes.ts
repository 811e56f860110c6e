import { type AttributeReader, booleanOf, isoFromAttribute, numberOf, parseJsonish, stringListOf, stringOf } from "./attribute-reader";
import { defined, type ObservationDraft, type TraceDraft } from "./drafts";
import { costDetailsOf, normalizeUsageDetails } from "./usage-details";

/**
 * Langfuse's own types beyond span/generation/event (agent, tool, chain, …) are
 * stored as spans, keeping the name in metadata; an embedding is priced like a
 * generation, so it becomes one.
 */
const TYPES = new Map<string, ObservationDraft["type"]>([
  ["span", "span"],
  ["generation", "generation"],
  ["event", "event"],
  ["embedding", "generation"],
]);
const LEVELS = new Set(["DEBUG", "DEFAULT", "WARNING", "ERROR"] as const);
type Level = NonNullable<ObservationDraft["level"]>;

/** Maps the `langfuse.*` attributes of the Langfuse OTel SDKs (v3+ Python, v4+ JS). */
export function readLangfuse(attrs: AttributeReader): { observation: ObservationDraft; trace: TraceDraft; hasTraceFields: boolean } {
  const json = (key: string) => parseJsonish(attrs.get(key));
  const text = (...keys: string[]) => stringOf(attrs.first(...keys));
  const sentType = text("langfuse.observation.type");
  const level = text("langfuse.observation.level")?.toUpperCase();
  const promptVersion = numberOf(json("langfuse.observation.prompt.version"));
  const observationMetadata = metadataOf(attrs, "langfuse.observation.metadata");

  const observation: ObservationDraft = defined({
    type: sentType === undefined ? undefined : (TYPES.get(sentType.toLowerCase()) ?? "span"),
    input: json("langfuse.observation.input"),
    output: json("langfuse.observation.output"),
    model: text("langfuse.observation.model.name"),
    modelParameters: objectOf(json("langfuse.observation.model.parameters")),
    usageDetails: normalizeUsageDetails(json("langfuse.observation.usage_details")),
    costDetails: costDetailsOf(json("langfuse.observation.cost_details")),
    completionStartTime: isoFromAttribute(attrs.get("langfuse.observation.completion_start_time")),
    level: level && LEVELS.has(level as Level) ? (level as Level) : undefined,
    statusMessage: text("langfuse.observation.status_message"),
    version: text("langfuse.observation.version", "langfuse.version"),
    environment: text("langfuse.environment"),
    promptName: text("langfuse.observation.prompt.name"),
    promptVersion: promptVersion !== undefined && Number.isInteger(promptVersion) && promptVersion >= 0 ? promptVersion : undefined,
    metadata:
      sentType !== undefined && TYPES.get(sentType.toLowerCase()) !== sentType.toLowerCase()
        ? { ...observationMetadata, observationType: sentType }
        : observationMetadata,
  });

  const traceOwn = defined({
    name: text("langfuse.trace.name"),
    userId: text("langfuse.user.id", "user.id"),
    sessionId: text("langfuse.session.id", "session.id"),
    tags: stringListOf(attrs.get("langfuse.trace.tags")),
    public: booleanOf(attrs.get("langfuse.trace.public")),
    metadata: metadataOf(attrs, "langfuse.trace.metadata"),
    input: json("langfuse.trace.input"),
    output: json("langfuse.trace.output"),
  });
  // Release, version and environment ride on every span of the SDK: alone they do
  // not make a span speak for its trace, but they go with it when it does.
  const trace: TraceDraft = { ...traceOwn, ...defined({ release: text("langfuse.release"), version: text("langfuse.version"), environment: text("langfuse.environment") }) };
  return { observation, trace, hasTraceFields: Object.keys(traceOwn).length > 0 };
}

/** `prefix` as a whole JSON object and/or `prefix.<key>` attributes, merged. */
function metadataOf(attrs: AttributeReader, prefix: string): Record<string, unknown> | undefined {
  const whole = parseJsonish(attrs.get(prefix));
  const keyed = Object.fromEntries(attrs.withPrefix(prefix).map(([k, v]) => [k, parseJsonish(v)]));
  const merged = { ...(whole === undefined ? {} : (objectOf(whole) ?? { value: whole })), ...keyed };
  return Object.keys(merged).length ? merged : undefined;
}

function objectOf(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}
