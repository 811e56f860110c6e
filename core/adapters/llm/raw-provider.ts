import { safeExcerpt } from "../../platform/excerpt";
import {
  LlmCallError,
  type LlmCompletion,
  type LlmCredentials,
  type LlmRequest,
  type LlmStreamEvent,
} from "../../platform/ports";
import { AddressRefusedError } from "../http/guarded-agent";

/** Opens one streamed attempt: resolves once the provider accepted the request (port semantics of `stream`). */
export type RawStream = (
  request: LlmRequest,
  options: { timeoutMs: number; signal?: AbortSignal },
) => Promise<AsyncIterable<LlmStreamEvent>>;

/**
 * One attempt against a provider; retries and the concurrency bound are added around it (resilient.ts). Called
 * as a function it completes; `stream` streams (a connector without it cannot serve the playground).
 */
export type RawProvider = ((request: LlmRequest, options: { timeoutMs: number }) => Promise<LlmCompletion>) & {
  stream?: RawStream;
};

/** Builds the raw provider of one set of credentials (null for the mock), calling out through `fetch`. */
export type Connector = (credentials: LlmCredentials | null, fetch: typeof globalThis.fetch) => RawProvider;

/** Milliseconds from `retry-after-ms` (OpenAI) or `retry-after` (seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterMs(
  headers: { get(name: string): string | null } | undefined,
  now = Date.now(),
): number | undefined {
  if (!headers || typeof headers.get !== "function") return undefined;
  const ms = Number.parseFloat(headers.get("retry-after-ms") ?? "");
  if (Number.isFinite(ms) && ms >= 0) return Math.ceil(ms);
  const raw = headers.get("retry-after");
  if (raw === null || raw.trim() === "") return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Maps an error of the official SDKs (both share the Stainless error classes: `APIError` with `status` and
 * `headers`, `APIConnectionTimeoutError`, `APIConnectionError`) onto the port's LlmCallError.
 */
export function toCallError(error: unknown, provider: string): LlmCallError {
  if (error instanceof LlmCallError) return error;
  const e = (error ?? {}) as {
    status?: unknown;
    headers?: { get(name: string): string | null };
    name?: unknown;
    message?: unknown;
    error?: { message?: unknown; error?: { message?: unknown } };
    constructor?: { name?: string };
  };
  const name = typeof e.constructor?.name === "string" ? e.constructor.name : String(e.name ?? "");
  // The provider's own words: OpenAI's error body is `{ message }`, Anthropic's `{ error: { message } }` (its SDK
  // would show the whole body).
  const said =
    typeof e.error?.message === "string"
      ? e.error.message
      : typeof e.error?.error?.message === "string"
        ? e.error.error.message
        : null;
  const raw =
    said !== null
      ? typeof e.status === "number"
        ? `${e.status} ${said}`
        : said
      : typeof e.message === "string"
        ? e.message
        : String(error);
  // The SDKs put the provider's answer in the message: keep a short, clean excerpt, never the answer whole.
  const message = safeExcerpt(raw);
  const cause = (error as { cause?: unknown }).cause;
  const refused =
    cause instanceof AddressRefusedError
      ? cause
      : cause instanceof Error && cause.cause instanceof AddressRefusedError
        ? cause.cause
        : null;
  if (refused) return new LlmCallError("refused", `${provider}: ${refused.message}`);
  if (name.includes("Timeout")) return new LlmCallError("timeout", `${provider}: request timed out`);
  if (typeof e.status === "number") {
    const status = e.status;
    const wait = retryAfterMs(e.headers);
    if (status === 429)
      return new LlmCallError("rate_limited", `${provider} answered 429 (rate limited): ${message}`, status, wait);
    if (status >= 500) return new LlmCallError("server", `${provider} answered ${status}: ${message}`, status, wait);
    if (status === 408) return new LlmCallError("timeout", `${provider} answered 408 (request timeout)`, status, wait);
    return new LlmCallError("refused", `${provider} refused the request (${status}): ${message}`, status);
  }
  return new LlmCallError("connection", `${provider}: ${message}`);
}
