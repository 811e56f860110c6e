import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { afterAll, beforeAll } from "vitest";
import { FakeOpenAI } from "./fake-openai";
import { basic, startTestApp, type TestApp } from "./local-app";

/**
 * The app and the OpenTelemetry pipeline the instrumentation suites drive (tests/integration/ingest/instrumentations-*):
 * the official OTLP exporter to `/v1/otel/v1/traces` beside an in-memory copy of what was exported, registered as
 * the global provider, as an app registers it (the AI SDK, OpenInference's helpers and Logfire take the global
 * tracer), and a fake OpenAI. Registers the file's beforeAll/afterAll; the fields are set once beforeAll ran.
 */
export function instrumentedApp() {
  const sent = new InMemorySpanExporter();
  const t = {
    app: undefined as unknown as TestApp,
    fake: undefined as unknown as FakeOpenAI,
    provider: undefined as unknown as NodeTracerProvider,
    /** The trace `id` once it shows `observations` observations (the queue drained between polls). */
    async readTrace(id: string, observations: number) {
      await t.provider.forceFlush();
      for (let i = 0; i < 60; i++) {
        await t.app.drainQueues();
        const res = await t.app.call("GET", `/v1/traces/${id}`);
        if (res.status === 200 && res.body.observations.length >= observations) return res.body;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`trace ${id} never showed ${observations} observations`);
    },
    /** The trace id of the last root span named `name` the app exported. */
    traceIdOf(name: string): string {
      const span = sent
        .getFinishedSpans()
        .filter((s) => s.name === name && !s.parentSpanContext)
        .at(-1);
      if (!span) throw new Error(`no root span ${name} was exported`);
      return span.spanContext().traceId;
    },
  };
  beforeAll(async () => {
    t.app = await startTestApp();
    t.fake = await new FakeOpenAI().start();
    const exporter = new OTLPTraceExporter({
      url: `${t.app.url}/v1/otel/v1/traces`,
      headers: { authorization: basic(t.app.admin) },
    });
    t.provider = new NodeTracerProvider({
      spanProcessors: [new SimpleSpanProcessor(exporter), new SimpleSpanProcessor(sent)],
    });
    t.provider.register();
  });
  afterAll(async () => {
    await t.provider?.shutdown();
    await t.fake?.stop();
    await t.app?.close();
  });
  return t;
}

/** A trace's observations named `name`. */
export const byName = (trace: any, name: string) => trace.observations.filter((o: any) => o.name === name);
