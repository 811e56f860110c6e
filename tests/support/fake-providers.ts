import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake answers to one request: a judge text (wrapped in the provider's shape) or a raw status. */
export interface FakeReply {
  text?: string;
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  delayMs?: number;
  usage?: { input: number; output: number };
}

export interface Recorded {
  at: number;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

/**
 * OpenAI's `POST /v1/chat/completions` and Anthropic's `POST /v1/messages` on loopback, answering from a
 * script (then from `fallback`), recording every request and the most requests ever in flight at once.
 */
export class FakeProviders {
  readonly requests: Recorded[] = [];
  script: FakeReply[] = [];
  fallback: (request: Recorded) => FakeReply = () => ({ text: JSON.stringify({ score: 0.5, reasoning: "fallback" }) });
  inFlight = 0;
  maxInFlight = 0;
  private server?: Server;
  url = "";

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let raw = "";
      req.on("data", (chunk) => (raw += chunk));
      req.on("end", async () => {
        this.inFlight++;
        this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
        const recorded: Recorded = {
          at: Date.now(),
          path: req.url ?? "",
          headers: req.headers,
          body: raw ? JSON.parse(raw) : null,
        };
        this.requests.push(recorded);
        const reply = this.script.shift() ?? this.fallback(recorded);
        if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
        this.inFlight--;
        const status = reply.status ?? 200;
        const body =
          reply.body ??
          (status === 200 ? this.wrap(recorded, reply) : { error: { type: "error", message: `fake ${status}` } });
        res.writeHead(status, { "content-type": "application/json", ...reply.headers });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this;
  }

  private wrap(request: Recorded, reply: FakeReply) {
    const usage = reply.usage ?? { input: 100, output: 20 };
    const model = request.body?.model ?? "unknown";
    if (request.path.startsWith("/v1/messages")) {
      return {
        id: "msg_fake",
        type: "message",
        role: "assistant",
        model,
        content: [{ type: "text", text: reply.text ?? "" }],
        stop_reason: "end_turn",
        stop_sequence: null,
        usage: { input_tokens: usage.input, output_tokens: usage.output },
      };
    }
    return {
      id: "chatcmpl-fake",
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: reply.text ?? "", refusal: null },
          finish_reason: "stop",
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
    };
  }

  reset() {
    this.requests.length = 0;
    this.script = [];
    this.maxInFlight = 0;
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server?.closeAllConnections();
  }
}

/** The user message a judge request carried (both providers). */
export const promptOf = (r: Recorded): string =>
  r.body.messages
    .filter((m: any) => m.role === "user")
    .map((m: any) => m.content)
    .join("\n");
