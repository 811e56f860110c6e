import { PassThrough, Readable, type Writable } from "node:stream";
import { streamingHandler } from "@functions/_lib/stream-response";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import { describe, expect, it } from "vitest";

/**
 * A stand-in for the Lambda runtime's response-streaming globals, as AWS documents them: `streamifyResponse`
 * marks the handler, `HttpResponseStream.from` writes the JSON prelude (status, headers, cookies) and eight NUL
 * bytes before the body. What a function URL in RESPONSE_STREAM mode then reads off the stream is checked here.
 */
function fakeRuntime() {
  return {
    streamifyResponse: (fn: (event: APIGatewayProxyEventV2, stream: Writable, context: Context) => Promise<void>) =>
      Object.assign(fn, { streamified: true }),
    HttpResponseStream: {
      from(stream: Writable, prelude: object) {
        stream.write(`${JSON.stringify(prelude)}\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000`);
        return stream;
      },
    },
  };
}

async function invoke(handler: unknown): Promise<{ prelude: any; body: string; chunks: number }> {
  const out = new PassThrough();
  const chunks: string[] = [];
  out.on("data", (c: Buffer) => chunks.push(c.toString()));
  await (handler as (e: unknown, s: Writable, c: unknown) => Promise<void>)({}, out, {});
  const all = chunks.join("");
  const cut = all.indexOf("\u0000".repeat(8));
  return { prelude: JSON.parse(all.slice(0, cut)), body: all.slice(cut + 8), chunks: chunks.length };
}

const contractOf = { contract: { role: "MEMBER" }, ports: ["llm"] };

describe("streamingHandler", () => {
  it("is the handler itself outside Lambda, so the local server and tests call it as any route", () => {
    const handler = Object.assign(async () => ({ statusCode: 200, body: "" }), contractOf);

    expect(streamingHandler(handler, undefined)).toBe(handler);
  });

  it("on Lambda sends the status and headers first, then the streamed body chunk by chunk", async () => {
    const body = Readable.from(["event: delta\ndata: {}\n\n", "event: done\ndata: {}\n\n"], { objectMode: false });
    const handler = Object.assign(
      async () => ({ statusCode: 200, headers: { "content-type": "text/event-stream" }, body }),
      contractOf,
    );

    const wrapped = streamingHandler(handler, fakeRuntime());
    const answer = await invoke(wrapped);

    expect((wrapped as unknown as { streamified: boolean }).streamified).toBe(true);
    expect(wrapped.contract).toBe(handler.contract);
    expect(answer.prelude).toEqual({ statusCode: 200, headers: { "content-type": "text/event-stream" } });
    expect(answer.body).toBe("event: delta\ndata: {}\n\nevent: done\ndata: {}\n\n");
    expect(answer.chunks).toBe(3);
  });

  it("on Lambda sends an error answered before the stream as a plain JSON body with its status and cookies", async () => {
    const error = JSON.stringify({ error: { code: "invalid_input", message: "No credentials" } });
    const handler = Object.assign(
      async () => ({ statusCode: 400, headers: { "content-type": "application/json" }, cookies: ["a=b"], body: error }),
      contractOf,
    );

    const answer = await invoke(streamingHandler(handler, fakeRuntime()));

    expect(answer.prelude).toEqual({
      statusCode: 400,
      headers: { "content-type": "application/json" },
      cookies: ["a=b"],
    });
    expect(answer.body).toBe(error);
  });
});
