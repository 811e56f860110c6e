import { stringOf } from "../../telemetry";
import type { OtlpTraceRequest } from "./otlp-request";

export interface OtelSdkIdentity {
  name: string;
  version: string;
}

/**
 * Which SDK sent an export, for the SDK usage report: a Langfuse SDK names itself
 * as the instrumentation scope (`langfuse-sdk` 5.11.1); otherwise the resource's
 * `telemetry.sdk.*`; otherwise the first named scope. Clipped to what the
 * usage table holds.
 */
export function sdkOf(request: OtlpTraceRequest): OtelSdkIdentity | null {
  const scopes = request.resourceSpans.flatMap((rs) => rs.scopeSpans.map((ss) => ss.scope));
  const langfuse = scopes.find((s) => s.name && /langfuse/i.test(s.name));
  if (langfuse?.name) return identity(langfuse.name, langfuse.version);
  for (const rs of request.resourceSpans) {
    const name = stringOf(rs.resourceAttributes["telemetry.sdk.name"]);
    if (name) return identity(name, stringOf(rs.resourceAttributes["telemetry.sdk.version"]));
  }
  const named = scopes.find((s) => s.name);
  return named?.name ? identity(named.name, named.version) : null;
}

const identity = (name: string, version: string | undefined): OtelSdkIdentity => ({
  name: name.slice(0, 200),
  version: (version || "unknown").slice(0, 100),
});
