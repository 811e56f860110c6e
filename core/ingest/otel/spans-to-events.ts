import { invalid } from "../../platform/errors";
import { AttributeReader, isoFromNanos, stringOf } from "./attribute-reader";
import { defined, type TraceDraft } from "./drafts";
import { readGenAi } from "./gen-ai-attributes";
import { readLangfuse } from "./langfuse-attributes";
import type { Attributes, OtlpScope, OtlpSpan, OtlpSpanEvent, OtlpTraceRequest } from "./otlp-request";

/** An event of Sightline's (Langfuse's) ingestion format. */
export interface OtelIngestEvent {
  id: string;
  type: "trace-create" | "span-create" | "generation-create" | "event-create";
  timestamp: string;
  body: Record<string, unknown>;
}

/** Unmapped span attributes kept in metadata.attributes, at most. */
const MAX_EXTRA_ATTRIBUTES = 64;
const STATUS_ERROR = 2;

interface SpanContext {
  resourceAttributes: Attributes;
  scope: OtlpScope;
  resourceEnvironment?: string;
}

/**
 * Maps an OTLP export to ingest events: one observation per span, plus a
 * trace-create for each root span and for each span that sets trace fields.
 * Event ids derive from the OTLP ids, so a re-sent export deduplicates.
 */
export function otlpToEvents(request: OtlpTraceRequest): OtelIngestEvent[] {
  const events: OtelIngestEvent[] = [];
  for (const rs of request.resourceSpans) {
    const env = rs.resourceAttributes["deployment.environment.name"] ?? rs.resourceAttributes["deployment.environment"];
    for (const ss of rs.scopeSpans) {
      const context: SpanContext = { resourceAttributes: rs.resourceAttributes, scope: ss.scope, resourceEnvironment: stringOf(env) };
      for (const span of ss.spans) events.push(...spanToEvents(span, context));
    }
  }
  return events;
}

function spanToEvents(span: OtlpSpan, context: SpanContext): OtelIngestEvent[] {
  const attrs = new AttributeReader(span.attributes);
  const lf = readLangfuse(attrs);
  const ai = readGenAi(attrs, span.events);
  const start = isoFromNanos(span.startTimeUnixNano) ?? isoFromNanos(span.endTimeUnixNano);
  if (start === undefined) throw invalid(`OTLP span ${span.spanId} of trace ${span.traceId} has no start time`);
  const end = isoFromNanos(span.endTimeUnixNano);
  // A Langfuse SDK marks its first exported span as the app's root even when an
  // unexported (filtered) span is its parent: it still names the trace.
  const appRoot = attrs.get("langfuse.internal.is_app_root") === true || attrs.get("langfuse.internal.as_root") === true;

  const type = lf.observation.type ?? (ai.isGeneration ? "generation" : "span");
  const errored = span.status.code === STATUS_ERROR;
  const environment = lf.observation.environment ?? context.resourceEnvironment;
  const input = lf.observation.input ?? ai.observation.input;
  const output = lf.observation.output ?? ai.observation.output;
  const modelParameters = { ...ai.observation.modelParameters, ...lf.observation.modelParameters };
  const metadata = {
    ...ai.observation.metadata,
    ...lf.observation.metadata,
    ...defined({
      attributes: attrs.rest(MAX_EXTRA_ATTRIBUTES, (k) => k.startsWith("langfuse.internal.")),
      resourceAttributes: Object.keys(context.resourceAttributes).length ? context.resourceAttributes : undefined,
      scope: context.scope.name ? defined(context.scope) : undefined,
    }),
  };
  const observation = defined({
    id: span.spanId,
    traceId: span.traceId,
    parentObservationId: span.parentSpanId,
    name: span.name,
    startTime: start,
    endTime: type === "event" ? undefined : end,
    completionStartTime: type === "generation" ? lf.observation.completionStartTime : undefined,
    level: lf.observation.level ?? (errored ? "ERROR" : "DEFAULT"),
    statusMessage: lf.observation.statusMessage ?? span.status.message ?? (errored ? exceptionMessage(span.events) : undefined),
    version: lf.observation.version,
    environment,
    metadata,
    input,
    output,
    model: lf.observation.model ?? ai.observation.model,
    modelParameters: Object.keys(modelParameters).length ? modelParameters : undefined,
    usageDetails: lf.observation.usageDetails ?? ai.observation.usageDetails,
    costDetails: lf.observation.costDetails,
    promptName: lf.observation.promptName,
    promptVersion: lf.observation.promptVersion,
  });

  const events: OtelIngestEvent[] = [];
  const trace: TraceDraft = { ...ai.trace, ...lf.trace, ...defined({ environment }) };
  if (!span.parentSpanId || appRoot) {
    // The root names the trace and, unless told otherwise, mirrors its input/output.
    const body = { id: span.traceId, timestamp: start, name: span.name, ...defined({ input, output }), ...trace };
    events.push({ id: `otel-${span.traceId}-trace-${span.spanId}`, type: "trace-create", timestamp: start, body });
  } else if (lf.hasTraceFields || ai.trace.sessionId !== undefined) {
    // Stamped at the span's end, after the root's start, so explicit fields set
    // deeper in the trace win over the root's defaults when the store merges.
    events.push({ id: `otel-${span.traceId}-trace-${span.spanId}`, type: "trace-create", timestamp: end ?? start, body: { id: span.traceId, ...trace } });
  }
  events.push({ id: `otel-${span.traceId}-${span.spanId}`, type: `${type}-create`, timestamp: end ?? start, body: observation });
  return events;
}

/** An errored span without a status message: the recorded exception says why. */
function exceptionMessage(events: readonly OtlpSpanEvent[]): string | undefined {
  const exception = events.find((e) => e.name === "exception");
  if (!exception) return undefined;
  const type = stringOf(exception.attributes["exception.type"]);
  const message = stringOf(exception.attributes["exception.message"]);
  return type && message ? `${type}: ${message}` : (message ?? type);
}
