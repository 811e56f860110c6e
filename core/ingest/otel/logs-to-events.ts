import * as Telemetry from "../../telemetry";
import type { OtlpLogRecord } from "./otlp-request";
import type { OtelIngestEvent } from "./spans-to-events";

/**
 * GenAI event records sent as OTLP logs (`gen_ai.user.message`, `gen_ai.choice`, …: what current
 * `@opentelemetry/instrumentation-openai` releases emit when content capture is on) become the input and
 * output of the observation of their span: the records of one span are read as that span's events, through
 * the same mapping table as span events, and sent as one update of the observation. Records that are not
 * GenAI events, or name no span, have nothing to attach to and are returned as refused.
 */
export function otlpLogsToEvents(records: readonly OtlpLogRecord[]): { events: OtelIngestEvent[]; refused: number } {
  const bySpan = new Map<string, { traceId: string; spanId: string; events: Telemetry.SpanEvent[] }>();
  let refused = 0;
  for (const record of records) {
    const name = record.eventName ?? Telemetry.stringOf(record.attributes["event.name"]);
    if (!name?.startsWith("gen_ai.") || !record.traceId || !record.spanId) {
      refused++;
      continue;
    }
    const key = `${record.traceId}/${record.spanId}`;
    const group =
      bySpan.get(key) ?? bySpan.set(key, { traceId: record.traceId, spanId: record.spanId, events: [] }).get(key)!;
    group.events.push({ name, timeUnixNano: record.timeUnixNano, attributes: bodyOf(record.body) });
  }

  const events: OtelIngestEvent[] = [];
  for (const { traceId, spanId, events: spanEvents } of bySpan.values()) {
    const times = spanEvents
      .map((e) => Telemetry.isoFromNanos(e.timeUnixNano))
      .filter((t): t is string => t !== undefined)
      .sort();
    const first = times[0] ?? new Date(0).toISOString();
    const last = times.at(-1) ?? first;
    const { input, output } = Telemetry.mapSpan({
      name: "",
      attributes: {},
      events: spanEvents,
      start: first,
      isRoot: false,
    }).observation;
    if (input === undefined && output === undefined) continue;
    const body = Object.fromEntries(
      Object.entries({ id: spanId, traceId, input, output }).filter(([, v]) => v !== undefined),
    );
    // An update: the span's own create decides the observation's type; this only fills in its messages.
    events.push({ id: `otel-${traceId}-${spanId}-logs-${last}`, type: "generation-update", timestamp: last, body });
  }
  return { events, refused };
}

/** A record's body as event attributes: a map as it is, anything else as its content. */
function bodyOf(body: Telemetry.AttributeValue): Telemetry.Attributes {
  if (body && typeof body === "object" && !Array.isArray(body)) return body;
  return body === null ? {} : { content: body };
}
