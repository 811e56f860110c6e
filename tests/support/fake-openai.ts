import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * OpenAI's chat completions (plain and streamed, with usage) and embeddings on loopback, for driving
 * instrumentation packages through the official `openai` client without a network. Answers are fixed:
 * what matters to the tests is what the instrumentations record about a real exchange.
 */
export class FakeOpenAI {
  readonly requests: { path: string; body: any }[] = [];
  /** The reply text of chat completions. */
  answer = "Paris is the capital of France.";
  usage = {
    prompt_tokens: 21,
    completion_tokens: 7,
    total_tokens: 28,
    prompt_tokens_details: { cached_tokens: 5 },
    completion_tokens_details: { reasoning_tokens: 2 },
  };
  url = "";
  /** Models the fake refuses as OpenAI does an unknown one (404 model_not_found). */
  readonly refusedModels = new Set<string>();
  /** How long each chat completion takes to answer (a provider's latency, for benchmarks). */
  delayMs = 0;
  private server?: Server;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let raw = "";
      req.on("data", (c) => (raw += c));
      req.on("end", () => void setTimeout(() => answer(), req.url?.endsWith("/chat/completions") ? this.delayMs : 0));
      const answer = () => {
        const body = raw ? JSON.parse(raw) : {};
        this.requests.push({ path: req.url ?? "", body });
        if (req.url?.endsWith("/embeddings")) {
          const inputs: unknown[] = Array.isArray(body.input) ? body.input : [body.input];
          return json(res, {
            object: "list",
            model: body.model,
            data: inputs.map((_, index) => ({ object: "embedding", index, embedding: [0.25, -0.5, 0.125] })),
            usage: { prompt_tokens: 4, total_tokens: 4 },
          });
        }
        if (this.refusedModels.has(body.model)) {
          res.writeHead(404, { "content-type": "application/json" });
          return res.end(
            JSON.stringify({
              error: {
                message: `The model \`${body.model}\` does not exist or you do not have access to it.`,
                type: "invalid_request_error",
                param: null,
                code: "model_not_found",
              },
            }),
          );
        }
        const id = "chatcmpl-fake";
        const created = Math.floor(Date.now() / 1000);
        if (!body.stream) {
          return json(res, {
            id,
            object: "chat.completion",
            created,
            model: body.model,
            choices: [
              {
                index: 0,
                message: { role: "assistant", content: this.answer, refusal: null },
                finish_reason: "stop",
                logprobs: null,
              },
            ],
            usage: this.usage,
          });
        }
        res.writeHead(200, { "content-type": "text/event-stream" });
        const chunk = (delta: object, finish: string | null, usage?: object) =>
          `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: body.model, choices: usage ? [] : [{ index: 0, delta, finish_reason: finish, logprobs: null }], ...(usage ? { usage } : {}) })}\n\n`;
        const words = this.answer.split(/(?<= )/);
        res.write(chunk({ role: "assistant", content: "" }, null));
        for (const w of words) res.write(chunk({ content: w }, null));
        res.write(chunk({}, "stop"));
        if (body.stream_options?.include_usage) res.write(chunk({}, null, this.usage));
        res.end("data: [DONE]\n\n");
      };
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
    return this;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

function json(res: import("node:http").ServerResponse, body: unknown) {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
