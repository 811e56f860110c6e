import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import { isStreamedResult, type StreamedResult } from "./http";

/** The globals the Lambda Node.js runtime defines for response streaming (absent anywhere else). */
interface LambdaStreaming {
  streamifyResponse(fn: (event: APIGatewayProxyEventV2, stream: Writable, context: Context) => Promise<void>): unknown;
  HttpResponseStream: {
    from(
      stream: Writable,
      prelude: { statusCode: number; headers?: Record<string, string>; cookies?: string[] },
    ): Writable;
  };
}

type Handler = ((
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2 | StreamedResult>) & { contract: unknown; ports: string[] };

/**
 * A route handler served through a Lambda function URL in RESPONSE_STREAM mode (docs/playground.md): on Lambda
 * the answer's status and headers go out first, then its body as each chunk is produced (an error answer is a
 * plain JSON body). Anywhere else — `npm start`, tests — the handler is returned as it is, and the local
 * server writes its streamed body through.
 */
export function streamingHandler<H extends Handler>(
  handler: H,
  runtime: LambdaStreaming | undefined = (globalThis as { awslambda?: LambdaStreaming }).awslambda,
): H {
  if (!runtime?.streamifyResponse) return handler;
  const streamed = runtime.streamifyResponse(async (event, responseStream, context) => {
    const result = await handler(event, context);
    const headers = Object.fromEntries(Object.entries(result.headers ?? {}).map(([k, v]) => [k, String(v)]));
    const out = runtime.HttpResponseStream.from(responseStream, {
      statusCode: result.statusCode ?? 200,
      headers,
      ...(result.cookies?.length ? { cookies: result.cookies } : {}),
    });
    const body = isStreamedResult(result)
      ? result.body
      : Readable.from([Buffer.from(result.body ?? "", result.isBase64Encoded ? "base64" : "utf8")]);
    await pipeline(body, out);
  });
  return Object.assign(streamed as object, { contract: handler.contract, ports: handler.ports }) as H;
}
