import { invalid } from "../../platform/errors";
import * as Telemetry from "../../telemetry";
import type { Attributes, OtlpScope, OtlpSpan, OtlpSpanEvent, OtlpTraceRequest } from "./otlp-request";

const { defined, isoFromNanos, stringOf } = Telemetry;

/** An event of Sightline's (Langfuse's) ingestion format. */
export interface OtelIngestEvent {
  id: string;
  type: "trace-create" | "span-create" | "generation-create" | "event-create" | "generation-update";
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
  const roots = new Map<string, Record<string, unknown>>();
  for (const rs of request.resourceSpans) {
    const env = rs.resourceAttributes["deployment.environment.name"] ?? rs.resourceAttributes["deployment.environment"];
    for (const ss of rs.scopeSpans) {
      const context: SpanContext = {
        resourceAttributes: rs.resourceAttributes,
        scope: ss.scope,
        resourceEnvironment: stringOf(env),
      };
      for (const span of ss.spans) events.push(...spanToEvents(span, context, roots));
    }
  }
  // Instrumentations repeat the trace's user and session on every span: a span's trace update that says
  // nothing its root in the same export does not also say changes nothing, and is left out.
  return events.filter(
    (e) => !(e.type === "trace-create" && !isRootUpdate(e) && saysNothingNew(e.body, roots.get(e.body.id as string))),
  );
}

const isRootUpdate = (e: OtelIngestEvent) => e.body.timestamp !== undefined;

function saysNothingNew(update: Record<string, unknown>, root: Record<string, unknown> | undefined): boolean {
  if (!root) return false;
  return Object.entries(update).every(([k, v]) => k === "id" || JSON.stringify(v) === JSON.stringify(root[k]));
}

function spanToEvents(
  span: OtlpSpan,
  context: SpanContext,
  roots: Map<string, Record<string, unknown>>,
): OtelIngestEvent[] {
  const start = isoFromNanos(span.startTimeUnixNano) ?? isoFromNanos(span.endTimeUnixNano);
  if (start === undefined) throw invalid(`OTLP span ${span.spanId} of trace ${span.traceId} has no start time`);
  const end = isoFromNanos(span.endTimeUnixNano);
  // A Langfuse SDK marks its first exported span as the app's root even when an
  // unexported (filtered) span is its parent: it still names the trace.
  const appRoot =
    span.attributes["langfuse.internal.is_app_root"] === true || span.attributes["langfuse.internal.as_root"] === true;
  const isRoot = !span.parentSpanId || appRoot;
  // One table maps every instrumentation family's attributes (docs/integrations.md).
  const mapped = Telemetry.mapSpan({
    name: span.name,
    attributes: span.attributes,
    events: span.events,
    start,
    isRoot,
  });
  const { type = "span", name, input, output, ...fields } = mapped.observation;

  const errored = span.status.code === STATUS_ERROR;
  const environment = fields.environment ?? context.resourceEnvironment;
  const metadata = {
    ...fields.metadata,
    ...defined({
      attributes: mapped.attributes.rest(MAX_EXTRA_ATTRIBUTES, (k) => k.startsWith("langfuse.internal.")),
      resourceAttributes: Object.keys(context.resourceAttributes).length ? context.resourceAttributes : undefined,
      scope: context.scope.name ? defined(context.scope) : undefined,
    }),
  };
  const observation = defined({
    id: span.spanId,
    traceId: span.traceId,
    parentObservationId: span.parentSpanId,
    name: name ?? span.name,
    startTime: start,
    endTime: type === "event" ? undefined : end,
    completionStartTime: type === "generation" ? fields.completionStartTime : undefined,
    level: fields.level ?? (errored ? "ERROR" : "DEFAULT"),
    statusMessage: fields.statusMessage ?? span.status.message ?? (errored ? exceptionMessage(span.events) : undefined),
    version: fields.version,
    environment,
    metadata,
    input,
    output,
    model: fields.model,
    modelParameters: fields.modelParameters,
    usageDetails: fields.usageDetails,
    costDetails: fields.costDetails,
    promptName: fields.promptName,
    promptVersion: fields.promptVersion,
  });

  const events: OtelIngestEvent[] = [];
  const trace = { ...mapped.trace, ...defined({ environment }) };
  if (isRoot) {
    // The root names the trace and, unless told otherwise, mirrors its input/output.
    const body = {
      id: span.traceId,
      timestamp: start,
      name: name ?? span.name,
      ...defined({ input, output }),
      ...trace,
    };
    roots.set(span.traceId, body);
    events.push({ id: `otel-${span.traceId}-trace-${span.spanId}`, type: "trace-create", timestamp: start, body });
  } else if (mapped.hasTraceFields) {
    // Stamped at the span's end, after the root's start, so explicit fields set
    // deeper in the trace win over the root's defaults when the store merges.
    events.push({
      id: `otel-${span.traceId}-trace-${span.spanId}`,
      type: "trace-create",
      timestamp: end ?? start,
      body: { id: span.traceId, ...trace },
    });
  }
  events.push({
    id: `otel-${span.traceId}-${span.spanId}`,
    type: `${type}-create`,
    timestamp: end ?? start,
    body: observation,
  });
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
