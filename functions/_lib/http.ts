import type { PortName } from "../_runtime/ports";
import { cookieSessions } from "./cookie-sessions";
import { type HttpSpec, httpWith } from "./http-core";

export * from "./http-core";

/**
 * An endpoint that takes a project API key (HTTP Basic) or a console session cookie (docs/auth.md, "Sessions").
 * Endpoints only SDKs call with keys use `keyHttp()` (key-http.ts), whose bundles carry no sign-in stack.
 */
export function http<P = undefined, Q = undefined, B = undefined, R = unknown, N extends PortName = never>(
  spec: HttpSpec<P, Q, B, R, N>,
) {
  return httpWith(spec, cookieSessions);
}
