import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { OutboundCallError, type OutboundHttp, type OutboundResponse } from "../../platform/ports";
import { AddressRefusedError, guardedAgents, type Resolver } from "./guarded-agent";

export interface OutboundOptions {
  /** Time limit of one call, connection and answer included. */
  timeoutMs: number;
  /** Allow addresses the outbound address policy refuses (docs/outbound.md). */
  allowPrivateAddresses: boolean;
  /** Bytes of the answer read at most; the rest is never read (the connection is closed). */
  maxBodyBytes?: number;
  /** Host name resolution; the system resolver by default (tests inject one). */
  resolve?: Resolver;
}

/**
 * Outbound POSTs over node:http(s) through the policy-checking agents: the policy applies to the address
 * each connection actually reaches, IP literals and resolved names alike (docs/outbound.md). Redirects are
 * not followed: a 3xx is an answer like any other.
 */
export function nodeOutboundHttp(options: OutboundOptions): OutboundHttp {
  const keep = options.maxBodyBytes ?? 4096;
  const agents = guardedAgents({
    allowPrivate: options.allowPrivateAddresses,
    ...(options.resolve ? { resolve: options.resolve } : {}),
  });

  return {
    timeoutMs: options.timeoutMs,
    post(url, { headers, body }) {
      return new Promise<OutboundResponse>((resolve, reject) => {
        let target: URL;
        try {
          target = new URL(url);
        } catch {
          return reject(new OutboundCallError("connection", "Invalid URL"));
        }
        if (target.protocol !== "http:" && target.protocol !== "https:")
          return reject(new OutboundCallError("connection", `Unsupported protocol ${target.protocol}`));
        const secure = target.protocol === "https:";
        const payload = Buffer.from(body);
        let settled = false;
        const finish = (outcome: OutboundResponse | OutboundCallError) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          req.destroy();
          if (outcome instanceof OutboundCallError) reject(outcome);
          else resolve(outcome);
        };
        const req = (secure ? httpsRequest : httpRequest)(
          target,
          {
            method: "POST",
            agent: secure ? agents.https : agents.http,
            headers: { "content-type": "application/json", "content-length": String(payload.length), ...headers },
          },
          (res) => {
            const chunks: Buffer[] = [];
            let size = 0;
            const done = () =>
              finish({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).subarray(0, keep).toString("utf8") });
            res.on("data", (chunk: Buffer) => {
              chunks.push(chunk);
              size += chunk.length;
              // Enough kept: stop reading rather than drain an answer of any length.
              if (size >= keep) done();
            });
            res.on("end", done);
            res.on("error", (e) => finish(new OutboundCallError("connection", e.message)));
          },
        );
        const timer = setTimeout(
          () => finish(new OutboundCallError("timeout", `No answer within ${options.timeoutMs} ms`)),
          options.timeoutMs,
        );
        req.on("error", (e: NodeJS.ErrnoException) => {
          if (e instanceof AddressRefusedError) return finish(new OutboundCallError("private_address", e.message));
          finish(new OutboundCallError("connection", e.code ? `${e.code}: ${e.message}` : e.message));
        });
        req.end(payload);
      });
    },
  };
}
