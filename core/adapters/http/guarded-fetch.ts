import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { Readable, Transform } from "node:stream";
import { type AddressGuard, guardedAgents } from "./guarded-agent";

export interface GuardedFetchOptions extends AddressGuard {
  /** Bytes of an answer read at most; a longer answer fails the read (the body is never buffered whole). */
  maxResponseBytes: number;
}

/** A body with no content per the Fetch standard (a Response refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

function abortError(signal: AbortSignal | null | undefined): unknown {
  return signal?.reason ?? new DOMException("This operation was aborted", "AbortError");
}

/** Counts bytes through and fails the stream past the cap, so an endless answer costs at most `cap` bytes. */
function capped(cap: number, onOver: () => void): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > cap) {
        onOver();
        return done(new Error(`The answer exceeded ${cap} bytes`));
      }
      done(null, chunk);
    },
  });
}

function toResponse(res: IncomingMessage, cap: number): Response {
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
  const status = res.statusCode ?? 502;
  if (NULL_BODY.has(status) || status < 200) {
    res.resume();
    return new Response(null, { status: status < 200 ? 502 : status, statusText: res.statusMessage ?? "", headers });
  }
  const body = res.pipe(capped(cap, () => res.destroy()));
  res.on("error", (error) => body.destroy(error));
  return new Response(Readable.toWeb(body) as ReadableStream, { status, statusText: res.statusMessage ?? "", headers });
}

/**
 * A `fetch` for the official LLM SDKs that goes through the policy-checking agents: every connection is
 * checked on the address it reaches, redirects are never followed (a 3xx comes back as it is), and the
 * answer is read up to a cap. Request bodies are buffered (the SDKs send JSON).
 */
export function guardedFetch(options: GuardedFetchOptions): typeof fetch {
  const agents = guardedAgents(options);
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new TypeError(`fetch to ${url.protocol} URLs is not supported`);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : null;
    const signal = init?.signal ?? request.signal;
    if (signal?.aborted) throw abortError(signal);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    if (body) headers["content-length"] = String(body.length);
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    return new Promise<Response>((resolve, reject) => {
      const req = send(
        url,
        { method: request.method, headers, agent: url.protocol === "https:" ? agents.https : agents.http },
        (res) => {
          signal?.removeEventListener("abort", onAbort);
          signal?.addEventListener("abort", () => res.destroy(abortError(signal) as Error), { once: true });
          resolve(toResponse(res, options.maxResponseBytes));
        },
      );
      const onAbort = () => {
        req.destroy();
        reject(abortError(signal));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      req.on("error", (error) => {
        signal?.removeEventListener("abort", onAbort);
        reject(new TypeError("fetch failed", { cause: error }));
      });
      req.end(body ?? undefined);
    });
  };
}
