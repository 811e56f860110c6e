import { readFileSync } from "node:fs";
import { EVENT_BODIES, type EventType, IngestEventEnvelope } from "@core/ingest/ingest.schema";
import { decodeOtlpTraces, type OtelIngestEvent, otlpToEvents, sdkOf } from "@core/ingest/otel";
import { describe, expect, it } from "vitest";

/** Requests that @langfuse/otel 5.11 really posted (captured in tests/fixtures, a copy of shared/fixtures). */
const fixture = JSON.parse(readFileSync(new URL("../../fixtures/langfuse-v5-otlp.json", import.meta.url), "utf8")) as {
  requests: Array<{ headers: Record<string, string>; body: unknown }>;
};

const decoded = fixture.requests.map((r) =>
  decodeOtlpTraces(new TextEncoder().encode(JSON.stringify(r.body)), r.headers["content-type"]),
);
const events = decoded.flatMap(otlpToEvents);
const observation = (name: string) => events.find((e) => e.type !== "trace-create" && e.body.name === name)!;
const traceOf = (o: OtelIngestEvent) => events.find((e) => e.type === "trace-create" && e.body.id === o.body.traceId)!;

describe("Langfuse SDK v5 OTLP requests", () => {
  it("maps the generation with its model, parameters, usage and given cost", () => {
    const generation = observation("llm-call");

    expect(generation.type).toBe("generation-create");
    expect(generation.body).toMatchObject({
      id: "c5707e9ce85a4a2a",
      traceId: "22a10e1f4859ab0540b39e54d9a98ba2",
      model: "gpt-4o",
      modelParameters: { temperature: 0.2 },
      usageDetails: { input: 12, output: 3, cache_read_input_tokens: 4, total: 19 },
      costDetails: { total: 0.0001 },
      input: [{ role: "user", content: "What is 2+2?" }],
      output: { role: "assistant", content: "4" },
      completionStartTime: "2026-11-22T06:06:43.407Z",
      startTime: "2026-11-22T06:06:43.407Z",
      endTime: "2026-11-22T06:06:43.418Z",
      environment: "staging",
      level: "DEFAULT",
    });
    expect(generation.body.parentObservationId).toBeUndefined();
  });

  it("stores a Langfuse tool as a span that remembers its type", () => {
    const tool = observation("calculator");

    expect(tool.type).toBe("span-create");
    expect(tool.body).toMatchObject({
      input: { expr: "2+2" },
      metadata: { observationType: "tool", scope: { name: "langfuse-sdk", version: "5.11.1" } },
    });
  });

  it("makes each root span the trace, with trace input, environment and release", () => {
    const root = observation("handle-request");

    expect(traceOf(root).body).toEqual({
      id: "e9f7fa7b5bbf32a7b33292023845dda1",
      timestamp: root.body.startTime,
      name: "handle-request",
      input: { question: "What is 2+2?" },
      output: { answer: "4" },
      environment: "staging",
      release: "v1.2",
    });
    expect(traceOf(observation("llm-call")).body).toMatchObject({
      name: "llm-call",
      environment: "staging",
      release: "v1.2",
    });
  });

  it("keeps internal Langfuse markers out of metadata and resource attributes in it", () => {
    const generation = observation("llm-call");

    expect(generation.body.metadata).not.toHaveProperty("attributes");
    expect(generation.body.metadata).toMatchObject({ resourceAttributes: { "telemetry.sdk.name": "opentelemetry" } });
  });

  it("gives deterministic event ids, so a re-sent export deduplicates", () => {
    const again = decoded.flatMap(otlpToEvents);

    expect(again.map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });

  it("produces events the public ingest contract accepts", () => {
    for (const e of events) {
      expect(IngestEventEnvelope.safeParse(e).success).toBe(true);
      expect(EVENT_BODIES[e.type as EventType].safeParse(e.body).error).toBeUndefined();
    }
  });

  it("names the Langfuse SDK from the instrumentation scope", () => {
    expect(sdkOf(decoded[0]!)).toEqual({ name: "langfuse-sdk", version: "5.11.1" });
  });
});
