import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Attributes, context, trace } from "@opentelemetry/api";
import { ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { Otel } from "../core/ingest";

const { decodeOtlpTraces, otlpToEvents } = Otel;

import { kill, spawnServer } from "../tests/support/spawn-server";
import { AUTH, KEY, waitDrained } from "./ingest-client";
import { fmt } from "./lib";

const CLIENTS = 16;
const REQUESTS = 1000;
const TRACES_PER_REQUEST = 10;
const SPANS_PER_TRACE = 5;

const messages = JSON.stringify([
  { role: "system", content: "Answer briefly." },
  { role: "user", content: [{ type: "text", text: "What is the weather in Paris?" }] },
]);
const usage = {
  "ai.usage.inputTokens": 120,
  "ai.usage.outputTokens": 8,
  "ai.usage.cachedInputTokens": 40,
  "gen_ai.usage.input_tokens": 120,
  "gen_ai.usage.output_tokens": 8,
};
const aiCommon = {
  "ai.model.provider": "openai.chat",
  "ai.model.id": "gpt-4o-mini",
  "ai.telemetry.functionId": "weather",
  "ai.telemetry.metadata.userId": "u-1",
  "ai.telemetry.metadata.sessionId": "s-1",
  "ai.settings.maxRetries": 2,
};

/**
 * One export as the instrumentations send them: per trace, the Vercel AI SDK's generateText with a tool call
 * (wrapper, two model calls, the tool) and an OpenInference LLM span; real SDK spans, protobuf encoded.
 */
export function exportRequest(): Uint8Array {
  const exporter = new InMemorySpanExporter();
  const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer(
    "ai",
    "6.0.0",
  );
  for (let t = 0; t < TRACES_PER_REQUEST; t++) {
    const root = tracer.startSpan("ai.generateText", {
      attributes: {
        ...aiCommon,
        "ai.operationId": "ai.generateText",
        "ai.prompt": '{"prompt":"What is the weather in Paris?"}',
        "ai.response.text": "Sunny.",
      },
    });
    const inRoot = trace.setSpan(context.active(), root);
    const call = (attributes: Attributes) =>
      tracer
        .startSpan(
          "ai.generateText.doGenerate",
          {
            attributes: {
              ...aiCommon,
              ...usage,
              "ai.operationId": "ai.generateText.doGenerate",
              "ai.prompt.messages": messages,
              "gen_ai.system": "openai.chat",
              "gen_ai.request.model": "gpt-4o-mini",
              "gen_ai.response.model": "gpt-4o-mini",
              ...attributes,
            },
          },
          inRoot,
        )
        .end();
    call({ "ai.response.toolCalls": '[{"toolCallId":"c1","toolName":"weather","input":"{\\"city\\":\\"Paris\\"}"}]' });
    tracer
      .startSpan(
        "ai.toolCall",
        {
          attributes: {
            ...aiCommon,
            "ai.operationId": "ai.toolCall",
            "ai.toolCall.name": "weather",
            "ai.toolCall.id": "c1",
            "ai.toolCall.args": '{"city":"Paris"}',
            "ai.toolCall.result": '{"sky":"sunny"}',
          },
        },
        inRoot,
      )
      .end();
    call({ "ai.response.text": "Sunny." });
    tracer
      .startSpan(
        "OpenAI Chat Completions",
        {
          attributes: {
            "openinference.span.kind": "LLM",
            "llm.model_name": "gpt-4o-mini",
            "llm.input_messages.0.message.role": "user",
            "llm.input_messages.0.message.content": "Weather?",
            "llm.output_messages.0.message.role": "assistant",
            "llm.output_messages.0.message.content": "Sunny.",
            "llm.token_count.prompt": 12,
            "llm.token_count.completion": 3,
          },
        },
        inRoot,
      )
      .end();
    root.end();
  }
  return ProtobufTraceSerializer.serializeRequest(exporter.getFinishedSpans())!;
}

function post(agent: Agent, url: string, body: Uint8Array): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        agent,
        headers: { authorization: AUTH, "content-type": "application/x-protobuf", "content-length": body.byteLength },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** OTLP → queryable, as the batch path's end-to-end run: 16 clients, the clock stops when every export is applied. */
export async function otlpEndToEnd(bodies: Uint8Array[]): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), "sightline-bench-otlp-"));
  const server = await spawnServer({
    SIGHTLINE_DATA_DIR: dataDir,
    SIGHTLINE_INIT_PUBLIC_KEY: KEY.publicKey,
    SIGHTLINE_INIT_SECRET_KEY: KEY.secretKey,
    SIGHTLINE_LOG_LEVEL: "warn",
  });
  try {
    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    const url = `${server.url}/v1/otel/v1/traces`;
    for (const body of bodies.slice(0, 50)) await post(agent, url, body);
    await waitDrained(server.url);
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < bodies.length) {
          const status = await post(agent, url, bodies[next++]!);
          if (status !== 200) throw new Error(`OTLP export answered ${status}`);
        }
      }),
    );
    await waitDrained(server.url);
    agent.destroy();
    return performance.now() - started;
  } finally {
    await kill(server, "SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Decoding and mapping alone, in this process: spans per second through the mapping table. */
export function mappingAlone(bodies: Uint8Array[]): number {
  for (const body of bodies.slice(0, 100)) otlpToEvents(decodeOtlpTraces(body, "application/x-protobuf"));
  const started = performance.now();
  for (const body of bodies) otlpToEvents(decodeOtlpTraces(body, "application/x-protobuf"));
  return performance.now() - started;
}

export async function benchOtlp(): Promise<string> {
  const bodies = Array.from({ length: REQUESTS }, exportRequest);
  const spans = REQUESTS * TRACES_PER_REQUEST * SPANS_PER_TRACE;
  const mapMs = mappingAlone(bodies);
  const e2eMs = await otlpEndToEnd(bodies);
  return [
    "## OTLP ingest of instrumented apps (issue 22)",
    "",
    "| measure | result |",
    "|---|---|",
    `| end to end, OTLP/protobuf → queryable (${spans.toLocaleString("en")} spans) | ${fmt(spans / (e2eMs / 1000), 0)} spans/s |`,
    `| decoding and mapping alone (protobuf → ingest events, one core) | ${fmt(spans / (mapMs / 1000), 0)} spans/s |`,
    "",
    `\`npm start\` on embedded stores. ${REQUESTS.toLocaleString("en")} exports of ${TRACES_PER_REQUEST * SPANS_PER_TRACE} spans, each trace a Vercel AI SDK generateText with a tool call (wrapper, two model calls, the tool) and an OpenInference LLM span, recorded by the OTel SDK and protobuf encoded, posted by ${CLIENTS} concurrent clients; the clock stops when every export is applied. The batch path's end-to-end figure above is the comparison: a span becomes one event, plus a trace update for the root and for spans that set trace fields.`,
    "",
  ].join("\n");
}
