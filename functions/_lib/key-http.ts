import type { PortName } from "../_runtime/ports";
import { type HttpSpec, httpWith } from "./http-core";

/**
 * An endpoint that only API clients call, with a project key: ingest and OTLP. It reads
 * no session cookie, so its bundle never loads better-auth (docs/deployment.md, "What ships"); a request with a
 * cookie and no key is refused like one with no credentials.
 */
export function keyHttp<P = undefined, Q = undefined, B = undefined, R = unknown, N extends PortName = never>(
  spec: HttpSpec<P, Q, B, R, N>,
) {
  return httpWith(spec, null);
}
