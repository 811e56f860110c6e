import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake answers to one request: streamed text and tool calls at a pace, or an error status. */
export interface StreamScript {
  /** Text deltas, in order. */
  text?: string[];
  /** Tool calls, each with its arguments in pieces. */
  toolCalls?: { id: string; name: string; arguments: string[] }[];
  usage?: { input: number; output: number };
  /** The model the answer names (the request's by default). */
  model?: string;
  /** An error status instead of an answer, with this message in the provider's error body. */
  status?: number;
  message?: string;
  /** Milliseconds before each streamed event after the first. */
  paceMs?: number;
  /** Fail with the API's own in-stream error event after this many content events. */
  failAfter?: number;
  /** Hold the stream after this many content events until `release()`. */
  holdAfter?: number;
}

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * OpenAI's `POST /v1/chat/completions` and Anthropic's `POST /v1/messages` on loopback, streaming (or not) from a
 * script, in each API's own wire format, so the official SDKs parse them as they parse the real services.
 * `firstContentAt` is when the first content event left (performance.now()), for the playground bench.
 */
export class FakeLlmStreams {
  readonly requests: RecordedRequest[] = [];
  script: StreamScript[] = [];
  fallback: StreamScript = { text: ["Hello", " from", " the", " fake"], usage: { input: 12, output: 4 } };
  firstContentAt: number[] = [];
  /** True while a stream waits for `release()` (`holdAfter`). */
  holding = false;
  private released: (() => void) | null = null;
  url = "";
  private server?: Server;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let raw = "";
      req.on("data", (c) => (raw += c));
      req.on("end", () => {
        const body = raw ? JSON.parse(raw) : {};
        const path = req.url ?? "";
        this.requests.push({ path, headers: req.headers, body });
        const script = this.script.shift() ?? this.fallback;
        const anthropic = path.startsWith("/v1/messages");
        if (script.status) return this.fail(res, script, anthropic);
        if (!body.stream) return this.whole(res, script, body, anthropic);
        void (anthropic ? this.streamAnthropic(res, script, body) : this.streamOpenAi(res, script, body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this;
  }

  /** Lets a held stream go on. */
  release() {
    this.released?.();
  }

  reset() {
    this.requests.length = 0;
    this.script = [];
    this.firstContentAt = [];
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private fail(res: ServerResponse, script: StreamScript, anthropic: boolean) {
    const message = script.message ?? `fake ${script.status}`;
    const body = anthropic
      ? {
          type: "error",
          error: { type: script.status === 401 ? "authentication_error" : "invalid_request_error", message },
        }
      : { error: { message, type: "invalid_request_error", code: null, param: null } };
    res.writeHead(script.status!, { "content-type": "application/json" }).end(JSON.stringify(body));
  }

  private whole(res: ServerResponse, script: StreamScript, body: any, anthropic: boolean) {
    const text = (script.text ?? []).join("");
    const usage = script.usage ?? { input: 0, output: 0 };
    const model = script.model ?? body.model;
    const answer = anthropic
      ? {
          id: "msg_fake",
          type: "message",
          role: "assistant",
          model,
          content: [{ type: "text", text }],
          stop_reason: "end_turn",
          stop_sequence: null,
          usage: { input_tokens: usage.input, output_tokens: usage.output },
        }
      : {
          id: "chatcmpl-fake",
          object: "chat.completion",
          created: 0,
          model,
          choices: [
            {
              index: 0,
              message: { role: "assistant", content: text, refusal: null },
              finish_reason: "stop",
              logprobs: null,
            },
          ],
          usage: {
            prompt_tokens: usage.input,
            completion_tokens: usage.output,
            total_tokens: usage.input + usage.output,
          },
        };
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
  }

  /** Writes events at the script's pace; false once it failed the stream on purpose (`failAfter`). */
  private pacer(res: ServerResponse, script: StreamScript, anthropic: boolean) {
    let content = 0;
    let first = true;
    return async (text: string, isContent: boolean): Promise<boolean> => {
      if (!first && script.paceMs) await sleep(script.paceMs);
      first = false;
      if (isContent && script.failAfter !== undefined && content >= script.failAfter) {
        const message = script.message ?? "stream failed";
        res.end(
          anthropic
            ? `event: error\ndata: ${JSON.stringify({ type: "error", error: { type: "overloaded_error", message } })}\n\n`
            : `data: ${JSON.stringify({ error: { message, type: "server_error" } })}\n\n`,
        );
        return false;
      }
      if (isContent && script.holdAfter !== undefined && content === script.holdAfter) {
        this.holding = true;
        await new Promise<void>((resolve) => (this.released = resolve));
        this.holding = false;
      }
      if (isContent && content++ === 0) this.firstContentAt.push(performance.now());
      res.write(text);
      return true;
    };
  }

  private async streamOpenAi(res: ServerResponse, script: StreamScript, body: any) {
    res.writeHead(200, { "content-type": "text/event-stream" });
    const model = script.model ?? body.model;
    const chunk = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", created: 0, model, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] })}\n\n`;
    const send = this.pacer(res, script, false);
    if (!(await send(chunk({ role: "assistant", content: "" }), false))) return;
    for (const text of script.text ?? []) if (!(await send(chunk({ content: text }), true))) return;
    for (const [index, call] of (script.toolCalls ?? []).entries()) {
      if (
        !(await send(
          chunk({
            tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }],
          }),
          true,
        ))
      )
        return;
      for (const part of call.arguments)
        if (!(await send(chunk({ tool_calls: [{ index, function: { arguments: part } }] }), true))) return;
    }
    await send(chunk({}, script.toolCalls?.length ? "tool_calls" : "stop"), false);
    const usage = script.usage ?? { input: 0, output: 0 };
    if (body.stream_options?.include_usage) {
      res.write(
        `data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", created: 0, model, choices: [], usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output } })}\n\n`,
      );
    }
    res.end("data: [DONE]\n\n");
  }

  private async streamAnthropic(res: ServerResponse, script: StreamScript, body: any) {
    res.writeHead(200, { "content-type": "text/event-stream" });
    const model = script.model ?? body.model;
    const usage = script.usage ?? { input: 0, output: 0 };
    const event = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
    const send = this.pacer(res, script, true);
    const start = {
      message: {
        id: "msg_fake",
        type: "message",
        role: "assistant",
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: usage.input, output_tokens: 1 },
      },
    };
    if (!(await send(event("message_start", start), false))) return;
    let index = 0;
    if (script.text?.length) {
      await send(event("content_block_start", { index, content_block: { type: "text", text: "" } }), false);
      for (const text of script.text)
        if (!(await send(event("content_block_delta", { index, delta: { type: "text_delta", text } }), true))) return;
      await send(event("content_block_stop", { index }), false);
      index++;
    }
    for (const call of script.toolCalls ?? []) {
      if (
        !(await send(
          event("content_block_start", {
            index,
            content_block: { type: "tool_use", id: call.id, name: call.name, input: {} },
          }),
          true,
        ))
      )
        return;
      for (const part of call.arguments)
        if (
          !(await send(
            event("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: part } }),
            true,
          ))
        )
          return;
      await send(event("content_block_stop", { index }), false);
      index++;
    }
    await send(
      event("message_delta", {
        delta: { stop_reason: script.toolCalls?.length ? "tool_use" : "end_turn", stop_sequence: null },
        usage: { output_tokens: usage.output },
      }),
      false,
    );
    res.end(event("message_stop", {}));
  }
}
