import { once } from "node:events";
import { createServer, request as forward } from "node:http";
import type { AddressInfo } from "node:net";

/** What AWS bills per call: `s3:PutObject`, `sqs:SendMessage`, … with the bytes each call carried. */
export interface CountedCall {
  operation: string;
  requestBytes: number;
  /** What AWS meters: an S3 object's bytes, or the message bodies of an SQS send. */
  payloadBytes: number;
}

export interface RequestCounter {
  /** Point AWS_ENDPOINT_URL here: every call reaches the emulator behind it and is counted. */
  endpoint: string;
  calls: CountedCall[];
  /** Calls of each operation since the last reset. */
  counts(): Record<string, number>;
  reset(): void;
  stop(): Promise<void>;
}

/** The billed operation of one call, from the JSON protocol's target (SQS) or the REST shape (S3). */
function operationOf(method: string, url: string, headers: Record<string, string | string[] | undefined>): string {
  const target = headers["x-amz-target"];
  if (typeof target === "string") return `sqs:${target.split(".").pop()}`;
  const action = /[?&]Action=([A-Za-z]+)/.exec(url)?.[1];
  if (action) return `sqs:${action}`;
  const path = url.split("?")[0]!.split("/").filter(Boolean);
  const object = path.length > 1;
  if (method === "PUT") return object ? "s3:PutObject" : "s3:CreateBucket";
  if (method === "GET") return object ? "s3:GetObject" : "s3:ListObjects";
  if (method === "DELETE") return object ? "s3:DeleteObject" : "s3:DeleteBucket";
  if (method === "POST" && url.includes("?delete")) return "s3:DeleteObjects";
  return `${method.toLowerCase()}:${path[0] ?? ""}`;
}

/** The metered payload of a call: message bodies of an SQS send (JSON protocol), else the request body. */
function payloadOf(operation: string, body: Buffer): number {
  if (!operation.startsWith("sqs:SendMessage")) return body.length;
  try {
    const request = JSON.parse(body.toString("utf8")) as { MessageBody?: string; Entries?: { MessageBody: string }[] };
    const bodies = request.Entries?.map((e) => e.MessageBody) ?? [request.MessageBody ?? ""];
    return bodies.reduce((sum, b) => sum + Buffer.byteLength(b), 0);
  } catch {
    return body.length;
  }
}

/**
 * A loopback proxy in front of an S3/SQS emulator that counts the calls a function makes, so the cost model
 * (docs/cost.md) multiplies measured requests, not assumed ones.
 */
export async function startRequestCounter(upstream: string): Promise<RequestCounter> {
  const target = new URL(upstream);
  const calls: CountedCall[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const operation = operationOf(req.method ?? "GET", req.url ?? "/", req.headers);
      calls.push({ operation, requestBytes: body.length, payloadBytes: payloadOf(operation, body) });
      const out = forward(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      out.on("error", (error) => {
        res.writeHead(502);
        res.end(String(error));
      });
      out.end(body);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    counts() {
      const out: Record<string, number> = {};
      for (const c of calls) out[c.operation] = (out[c.operation] ?? 0) + 1;
      return out;
    },
    reset() {
      calls.length = 0;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
