import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createLlmProviders } from "../core/adapters/llm";
import { defineEvaluator, EvaluatorFields, judge } from "../core/evaluators";
import type { LlmCredentials, LlmProviderName } from "../core/platform/ports";
import { fmt, quantile } from "./lib";

const CONCURRENCY = 4;
const DELAY_MS = 20;
const EVALUATIONS = 60;
const JURORS = [
  { provider: "openai" as const, model: "gpt-4o-mini" },
  { provider: "openai" as const, model: "gpt-4o" },
  { provider: "openai" as const, model: "gpt-4.1-mini" },
  { provider: "anthropic" as const, model: "claude-3-5-haiku-20241022" },
  { provider: "anthropic" as const, model: "claude-3-5-sonnet-20241022" },
];

/** OpenAI and Anthropic on loopback: every answer after DELAY_MS, counting requests in flight per provider. */
async function fakeProviders() {
  const inFlight = { openai: 0, anthropic: 0 };
  const most = { openai: 0, anthropic: 0 };
  const requests = { openai: 0, anthropic: 0 };
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const which = req.url?.startsWith("/v1/messages") ? "anthropic" : "openai";
      requests[which]++;
      most[which] = Math.max(most[which], ++inFlight[which]);
      setTimeout(() => {
        inFlight[which]--;
        const text = JSON.stringify({ score: 0.5, reasoning: "bench" });
        const body =
          which === "anthropic"
            ? {
                id: "m",
                type: "message",
                role: "assistant",
                model: "x",
                content: [{ type: "text", text }],
                stop_reason: "end_turn",
                usage: { input_tokens: 200, output_tokens: 20 },
              }
            : {
                id: "c",
                object: "chat.completion",
                created: 0,
                model: "x",
                choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
                usage: { prompt_tokens: 200, completion_tokens: 20, total_tokens: 220 },
              };
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      }, DELAY_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, most, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Issue 7 target: judge fan-out keeps ≤ the configured concurrency per provider. Many juries at once, each
 * asking five jurors over two providers, against fake providers that answer after a fixed delay.
 */
export async function benchEvaluators(): Promise<string> {
  const fake = await fakeProviders();
  try {
    const llm = createLlmProviders(globalThis.fetch, { concurrency: CONCURRENCY, timeoutMs: 10_000 });
    const definition = defineEvaluator(
      EvaluatorFields.parse({ prompt: "Rate {{output}} for {{input}}", jurors: JURORS }),
    );
    const credentials = new Map<LlmProviderName, LlmCredentials>([
      ["openai", { apiKey: "sk-bench", baseUrl: `${fake.url}/v1` }],
      ["anthropic", { apiKey: "sk-bench", baseUrl: fake.url }],
    ]);
    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: EVALUATIONS }, async (_, i) => {
        const t0 = performance.now();
        await judge(
          { llm },
          { definition, variables: { input: `question ${i}`, output: `answer ${i}` }, credentials, prices: [] },
        );
        latencies.push(performance.now() - t0);
      }),
    );
    const elapsed = performance.now() - started;
    latencies.sort((a, b) => a - b);
    // With `CONCURRENCY` slots per provider, the busiest provider bounds the run: its requests × delay / slots.
    const floorMs = (Math.max(fake.requests.openai, fake.requests.anthropic) * DELAY_MS) / CONCURRENCY;

    const mockDefinition = defineEvaluator(
      EvaluatorFields.parse({ prompt: "Rate {{output}}", provider: "mock", model: "mock-judge" }),
    );
    const mockCount = 2000;
    const mockStarted = performance.now();
    for (let i = 0; i < mockCount; i++)
      await judge(
        { llm },
        { definition: mockDefinition, variables: { output: `answer ${i}` }, credentials: new Map(), prices: [] },
      );
    const mockRate = (mockCount / (performance.now() - mockStarted)) * 1000;

    return [
      "## Evaluators: judge fan-out (issue 7)",
      "",
      `${EVALUATIONS} jury evaluations started at once, each asking ${JURORS.length} jurors (3 openai, 2 anthropic) through the official SDKs, against loopback fakes that answer after ${DELAY_MS} ms; configured concurrency ${CONCURRENCY} per provider.`,
      "",
      "| provider | requests | most in flight at once | target |",
      "|---|---|---|---|",
      `| openai | ${fake.requests.openai} | ${fake.most.openai} | ≤ ${CONCURRENCY} |`,
      `| anthropic | ${fake.requests.anthropic} | ${fake.most.anthropic} | ≤ ${CONCURRENCY} |`,
      "",
      `Wall time ${fmt(elapsed, 0)} ms (floor set by the bound: ${fmt(floorMs, 0)} ms); ${fmt((EVALUATIONS / elapsed) * 1000, 1)} jury evaluations/s; per evaluation p50 ${fmt(quantile(latencies, 0.5), 0)} ms, p95 ${fmt(quantile(latencies, 0.95), 0)} ms.`,
      "",
      `Mock provider (no network), one judge, sequential: ${Math.round(mockRate).toLocaleString("en-US")} evaluations/s.`,
      "",
    ].join("\n");
  } finally {
    await fake.close();
  }
}
