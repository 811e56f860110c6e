import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basic, startTestApp, type TestApp } from "../../support/local-app";

const fixture = JSON.parse(readFileSync(new URL("../../fixtures/langfuse-v5-otlp.json", import.meta.url), "utf8"));

describe("POST /v1/otel/v1/traces", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  async function post(path: string, body: Uint8Array | string, headers: Record<string, string>) {
    const res = await fetch(`${app.url}${path}`, {
      method: "POST",
      headers: { authorization: basic(app.admin), ...headers },
      body,
    });
    return { status: res.status, type: res.headers.get("content-type"), body: await res.text() };
  }

  it("takes the Langfuse SDK's captured OTLP JSON gzipped on the alias, and maps usage and the client's cost", async () => {
    const request = fixture.requests[0];
    const res = await post("/api/public/otel/v1/traces", gzipSync(JSON.stringify(request.body)), {
      ...request.headers,
      "content-encoding": "gzip",
    });
    expect(res).toMatchObject({ status: 200, body: "{}" });
    await app.drainQueues();

    const trace = (await app.call("GET", "/v1/traces/22a10e1f4859ab0540b39e54d9a98ba2")).body;
    expect(trace).toMatchObject({ environment: "staging", release: "v1.2" });
    expect(trace.observations[0]).toMatchObject({
      id: "c5707e9ce85a4a2a",
      type: "GENERATION",
      model: "gpt-4o",
      costSource: "client",
      totalCost: 0.0001,
    });
    expect(trace.observations[0].usageDetails).toMatchObject({ input: 12, output: 3, cache_read_input_tokens: 4 });
    const sdks = (await app.call("GET", "/v1/usage/sdks")).body.data;
    expect(sdks).toEqual([expect.objectContaining({ name: "javascript", version: "5.11.1" })]);
  });

  it("answers 400 with the error body to a body that is not OTLP, and to an unsupported content type", async () => {
    const bad = await post("/v1/otel/v1/traces", "not protobuf", { "content-type": "application/x-protobuf" });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.code).toBe("invalid_input");
    const xml = await post("/v1/otel/v1/traces", "<x/>", { "content-type": "application/xml" });
    expect(xml.status).toBe(400);
    expect(JSON.parse(xml.body).error.code).toBe("invalid_input");
  });

  it("answers a protobuf export with an empty protobuf ExportTraceServiceResponse", async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    provider.getTracer("t").startSpan("one").end();
    const bytes = ProtobufTraceSerializer.serializeRequest(exporter.getFinishedSpans())!;

    const res = await post("/v1/otel/v1/traces", bytes, { "content-type": "application/x-protobuf" });

    expect(res).toMatchObject({ status: 200, type: "application/x-protobuf", body: "" });
  });
});
