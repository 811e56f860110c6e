import { AttributeReader } from "./attribute-reader";
import { defined, type ObservationDraft, type TraceDraft } from "./drafts";
import { type Family, type MappedFields, MERGED_FIELDS, SPAN_MAPPING } from "./mapping-table";
import type { RuleInput } from "./readers";
import type { SpanView } from "./span-view";

/** Kinds stored as they are; any other kind is stored as a span (an embedding as a generation) and named in metadata. */
const STORED_TYPES: Record<string, ObservationDraft["type"]> = {
  span: "span",
  generation: "generation",
  event: "event",
  embedding: "generation",
};
/** Trace fields that make a span speak for its trace (release, version and environment ride along on every span). */
const OWN_TRACE_FIELDS = [
  "traceName",
  "userId",
  "sessionId",
  "tags",
  "traceMetadata",
  "traceInput",
  "traceOutput",
  "public",
] as const;

const FIELDS = Object.entries(SPAN_MAPPING) as [
  keyof MappedFields,
  { family: Family; read: (s: RuleInput) => unknown }[],
][];

export interface MappedSpan {
  observation: ObservationDraft;
  trace: TraceDraft;
  /** The span sets fields of its trace, so it sends a trace update even when it is not the root. */
  hasTraceFields: boolean;
  /** The attributes no rule used, for `metadata.attributes`. */
  attributes: AttributeReader;
}

/**
 * Maps one span through the mapping table (docs/integrations.md). A rule that fails on a value it cannot read
 * says nothing, so a malformed attribute never drops the span or fails its batch.
 */
export function mapSpan(span: SpanView): MappedSpan {
  const input: RuleInput = { attrs: new AttributeReader(span.attributes), span };
  const fields: Partial<MappedFields> = {};
  const winners: Partial<Record<keyof MappedFields, Family>> = {};
  for (const [field, rules] of FIELDS) {
    const values: unknown[] = [];
    for (const { family, read } of rules) {
      let value: unknown;
      try {
        value = read(input);
      } catch {
        value = undefined;
      }
      if (value === undefined) continue;
      winners[field] ??= family;
      values.push(value);
      if (!MERGED_FIELDS.has(field)) break;
    }
    if (values.length)
      (fields as Record<string, unknown>)[field] = MERGED_FIELDS.has(field)
        ? Object.assign({}, ...values.reverse())
        : values[0];
  }

  const kind = fields.kind;
  const type =
    kind === undefined
      ? fields.model !== undefined || fields.usageDetails !== undefined
        ? "generation"
        : "span"
      : Object.hasOwn(STORED_TYPES, kind.toLowerCase())
        ? STORED_TYPES[kind.toLowerCase()]!
        : "span";
  const metadata =
    kind !== undefined && kind.toLowerCase() !== type ? { ...fields.metadata, observationType: kind } : fields.metadata;
  // Tokens an instrumentation puts on a span (an agent's or a wrapper's) are those of the calls inside it:
  // priced there, they would be counted twice here. Usage a Langfuse SDK states is kept as stated.
  const priced = type === "generation" || winners.usageDetails === "langfuse";
  const observation = defined({
    type,
    name: fields.name,
    input: fields.input,
    output: fields.output,
    model: fields.model,
    modelParameters:
      fields.modelParameters && Object.keys(fields.modelParameters).length ? fields.modelParameters : undefined,
    usageDetails: priced ? fields.usageDetails : undefined,
    costDetails: fields.costDetails,
    completionStartTime: fields.completionStartTime,
    level: fields.level,
    statusMessage: fields.statusMessage,
    version: fields.version,
    environment: fields.environment,
    promptName: fields.promptName,
    promptVersion: fields.promptVersion,
    metadata: metadata && Object.keys(metadata).length ? metadata : undefined,
  });
  const trace: TraceDraft = defined({
    name: fields.traceName,
    userId: fields.userId,
    sessionId: fields.sessionId,
    tags: fields.tags,
    metadata: fields.traceMetadata,
    input: fields.traceInput,
    output: fields.traceOutput,
    public: fields.public,
    release: fields.release,
    version: fields.traceVersion,
    environment: fields.environment,
  });
  return {
    observation,
    trace,
    hasTraceFields: OWN_TRACE_FIELDS.some((f) => fields[f] !== undefined),
    attributes: input.attrs,
  };
}
