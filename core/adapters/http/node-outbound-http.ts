import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { isPrivateAddress, isPrivateUrl } from "../../platform/outbound-url";
import { OutboundCallError, type OutboundHttp, type OutboundResponse } from "../../platform/ports";

export interface OutboundOptions {
  /** Time limit of one call, connection and answer included. */
  timeoutMs: number;
  /** Allow hosts that resolve to private or loopback addresses. */
  allowPrivateAddresses: boolean;
  /** Bytes of the answer kept for error reports. */
  maxBodyBytes?: number;
}

/**
 * Outbound POSTs over node:http(s). When private addresses are refused, the check runs on the
 * addresses the host name resolves to at connection time, so a name that points at 10.0.0.1 (or
 * changes to it after registration) is refused as well as a literal one.
 */
export function nodeOutboundHttp(options: OutboundOptions): OutboundHttp {
  const keep = options.maxBodyBytes ?? 4096;
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as unknown as LookupAddress[];
      const refused = !options.allowPrivateAddresses && list.find((a) => isPrivateAddress(a.address));
      if (refused) return callback(Object.assign(new Error(`${hostname} resolves to the private address ${refused.address}`), { code: "PRIVATE_ADDRESS" }), "", 0);
      if (lookupOptions.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };

  return {
    post(url, { headers, body }) {
      return new Promise<OutboundResponse>((resolve, reject) => {
        let target: URL;
        try {
          target = new URL(url);
        } catch {
          return reject(new OutboundCallError("connection", `Invalid URL ${url}`));
        }
        // Literal addresses never reach `lookup`, so they are checked here.
        if (!options.allowPrivateAddresses && isPrivateUrl(url)) return reject(new OutboundCallError("private_address", `${target.hostname} is a private or loopback address`));
        const send = target.protocol === "https:" ? httpsRequest : httpRequest;
        const payload = Buffer.from(body);
        let settled = false;
        const fail = (error: OutboundCallError) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          req.destroy();
          reject(error);
        };
        const req = send(target, { method: "POST", lookup, headers: { "content-type": "application/json", "content-length": String(payload.length), ...headers } }, (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on("data", (chunk: Buffer) => {
            if (size < keep) chunks.push(chunk);
            size += chunk.length;
          });
          res.on("end", () => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).subarray(0, keep).toString("utf8") });
          });
          res.on("error", (e) => fail(new OutboundCallError("connection", e.message)));
        });
        const timer = setTimeout(() => fail(new OutboundCallError("timeout", `No answer within ${options.timeoutMs} ms`)), options.timeoutMs);
        req.on("error", (e: NodeJS.ErrnoException) => fail(new OutboundCallError(e.code === "PRIVATE_ADDRESS" ? "private_address" : "connection", e.code && e.code !== "PRIVATE_ADDRESS" ? `${e.code}: ${e.message}` : e.message)));
        req.end(payload);
      });
    },
  };
}
