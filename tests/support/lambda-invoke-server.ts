import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { invoke } from "../lambda/invoke";

export interface HostedFunction {
  /** The bundle, copied into its task root (tests/lambda/bundle.ts, `isolate`). */
  taskRoot: string;
  file: string;
  env: Record<string, string>;
  /** The function's timeout; the runtime stand-in stops it there, as Lambda does. */
  timeoutMs: number;
}

export interface LambdaInvokeServer {
  endpoint: string;
  /** Every invocation: the function's name, its payload, and what the function printed (its logs). */
  invocations: { name: string; payload: unknown; authorization: string; output: string }[];
  stop(): Promise<void>;
}

/**
 * Lambda's synchronous Invoke API (`POST /2015-03-31/functions/{name}/invocations`) on loopback: each invocation
 * runs the named bundle once in a fresh process through the Lambda-fidelity suite's runtime stand-in
 * (tests/lambda/invoke.ts). Answers as the service does: the handler's result with 200; a function error with 200,
 * `X-Amz-Function-Error: Unhandled` and `{errorType, errorMessage}` (a time-out as `Sandbox.Timedout`); an unknown
 * function or an unsigned request refused with the service's error types.
 */
export async function startLambdaInvokeServer(functions: Record<string, HostedFunction>): Promise<LambdaInvokeServer> {
  const invocations: LambdaInvokeServer["invocations"] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const refuse = (status: number, type: string, message: string) =>
      res
        .writeHead(status, { "content-type": "application/json", "x-amzn-errortype": type })
        .end(JSON.stringify({ Type: "User", message }));
    const authorization = String(req.headers.authorization ?? "");
    if (!/^AWS4-HMAC-SHA256 Credential=[^/]+\/\d{8}\/[a-z0-9-]+\/lambda\/aws4_request, /.test(authorization))
      return refuse(403, "MissingAuthenticationTokenException", "Missing Authentication Token");
    const match = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(req.url ?? "");
    const name = match ? decodeURIComponent(match[1]!) : "";
    const hosted = functions[name];
    if (req.method !== "POST" || !hosted)
      return refuse(404, "ResourceNotFoundException", `Function not found: ${name}`);
    const payload = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
    const ran = await invoke(hosted.taskRoot, hosted.file, payload, hosted.env, hosted.timeoutMs);
    invocations.push({ name, payload, authorization, output: ran.output });
    if (ran.error === undefined)
      return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(ran.result));
    const timedOut = /^Task timed out/.test(ran.error);
    const [firstLine] = ran.error.split("\n");
    const error = timedOut
      ? {
          errorType: "Sandbox.Timedout",
          errorMessage: `RequestId: fake Error: Task timed out after ${(hosted.timeoutMs / 1000).toFixed(2)} seconds`,
        }
      : { errorType: firstLine!.split(":")[0], errorMessage: firstLine!.split(":").slice(1).join(":").trim() };
    res
      .writeHead(200, { "content-type": "application/json", "x-amz-function-error": "Unhandled" })
      .end(JSON.stringify(error));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    invocations,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
