import { authorization, type Connection } from "./connection.js";
import { SightlineError } from "./errors.js";

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_RETRIES = 3;
const BASE_DELAY_MS = 250;
/** A Retry-After further away than this is cut to it: the queue must keep moving. */
const MAX_DELAY_MS = 60_000;

export interface Transport {
  /** Each attempt is abandoned after this long (default 10 s), so a slow service never holds a caller longer. */
  timeoutMs?: number;
  /** Attempts after the first on a 429, a 5xx, a timeout or a refused connection (default 3). */
  maxRetries?: number;
  /** Another `fetch` (a proxy agent, a test double); the global one otherwise. */
  fetch?: typeof fetch;
  /** How waits between attempts pass; tests record them instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
}

export interface Answer {
  status: number;
  body: unknown;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const retryable = (status: number) => status === 408 || status === 429 || status >= 500;

/**
 * The wait before attempt `attempt + 1`: the service's `Retry-After` (seconds or an HTTP date) when it
 * sent one, else exponential backoff with jitter so that many clients do not retry in step.
 */
export function retryDelayMs(attempt: number, retryAfter: string | null | undefined, now = Date.now()): number {
  if (retryAfter) {
    const seconds = Number(retryAfter);
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - now;
    if (Number.isFinite(ms)) return Math.min(MAX_DELAY_MS, Math.max(0, ms));
  }
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

function urlOf(conn: Connection, path: string): URL {
  return new URL(path, conn.baseUrl.endsWith("/") ? conn.baseUrl : `${conn.baseUrl}/`);
}

async function parse(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * One call with retries: answers the last status and body, whatever the status. A body given as a
 * string is sent as it is (already serialised JSON). @throws the last network error or timeout when no
 * attempt got an answer.
 */
export async function call(
  conn: Connection,
  method: string,
  path: string,
  body: unknown,
  transport: Transport = {},
): Promise<Answer> {
  const url = urlOf(conn, path);
  const doFetch = transport.fetch ?? fetch;
  const wait = transport.sleep ?? sleep;
  const maxRetries = transport.maxRetries ?? DEFAULT_MAX_RETRIES;
  const payload = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
  const headers: Record<string, string> = {
    authorization: authorization(conn),
    ...(payload === undefined ? {} : { "content-type": "application/json" }),
  };
  for (let attempt = 0; ; attempt++) {
    let retryAfter: string | null = null;
    try {
      const res = await doFetch(url, {
        method,
        headers,
        body: payload,
        signal: AbortSignal.timeout(transport.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      if (!retryable(res.status) || attempt >= maxRetries) return { status: res.status, body: await parse(res) };
      retryAfter = res.headers.get("retry-after");
      await res.body?.cancel();
    } catch (error) {
      if (attempt >= maxRetries) throw error;
    }
    await wait(retryDelayMs(attempt, retryAfter));
  }
}

/** The service's error as a SightlineError. */
export function errorOf(method: string, path: string, answer: Answer): SightlineError {
  const error = (answer.body as { error?: { code?: string; message?: string; details?: unknown } } | null)?.error;
  return new SightlineError(
    answer.status,
    error?.code ?? "http_error",
    error?.message ?? `${method} ${path} answered ${answer.status}`,
    error?.details,
  );
}

/**
 * Calls one endpoint with the project key; `path` may be relative (`/v1/...`, as in a run trigger's
 * `itemsUrl`) or absolute. Retries 429s and 5xx as `transport` says. @throws SightlineError for a non-2xx answer.
 */
export async function request<T = unknown>(
  conn: Connection,
  method: string,
  path: string,
  body?: unknown,
  transport?: Transport,
): Promise<T> {
  const answer = await call(conn, method, path, body, transport);
  if (answer.status < 200 || answer.status >= 300) throw errorOf(method, path, answer);
  return answer.body as T;
}
