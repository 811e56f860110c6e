import type { Deps } from "../platform/deps";
import { OutboundCallError } from "../platform/ports";
import type { ActionRequest } from "./action-request";
import { isRetryable } from "./backoff";

export interface SendResult {
  ok: boolean;
  /** Whether a later attempt may pass (a refused private address or a 4xx will not). */
  retryable: boolean;
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
}

/** One attempt through the outbound port (its time limit, address policy and capped read; docs/outbound.md). */
export async function sendRequest(deps: Pick<Deps, "outbound">, request: ActionRequest): Promise<SendResult> {
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  try {
    const answer = await deps.outbound.post(request.url, { headers: request.headers, body: request.body });
    const ok = answer.status >= 200 && answer.status < 300;
    return {
      ok,
      retryable: !ok && isRetryable(answer.status),
      responseStatus: answer.status,
      error: ok ? null : `HTTP ${answer.status}${answer.body ? `: ${answer.body.slice(0, 300)}` : ""}`,
      durationMs: durationMs(),
    };
  } catch (e) {
    if (!(e instanceof OutboundCallError)) throw e;
    return {
      ok: false,
      retryable: e.kind !== "private_address",
      responseStatus: null,
      error: `${e.kind}: ${e.message}`,
      durationMs: durationMs(),
    };
  }
}
