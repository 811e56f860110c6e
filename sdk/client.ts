/**
 * A minimal client of the Sightline HTTP API for runners and the command-line tool. It imports
 * nothing from the service: customers copy or install it on its own.
 */

export interface Connection {
  /** The service address, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  publicKey: string;
  secretKey: string;
}

/** A non-2xx answer, with the service's error code and message when it sent them. */
export class SightlineError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "SightlineError";
  }
}

/** The Basic credentials of a project key. */
export const authorization = (c: Pick<Connection, "publicKey" | "secretKey">) => `Basic ${Buffer.from(`${c.publicKey}:${c.secretKey}`).toString("base64")}`;

/**
 * Calls one endpoint with the project key; `path` may be relative (`/v1/...`, as in a run
 * trigger's `itemsUrl`) or absolute. @throws SightlineError for a non-2xx answer.
 */
export async function request<T = unknown>(conn: Connection, method: string, path: string, body?: unknown): Promise<T> {
  const url = new URL(path, conn.baseUrl.endsWith("/") ? conn.baseUrl : `${conn.baseUrl}/`);
  const res = await fetch(url, {
    method,
    headers: { authorization: authorization(conn), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (!res.ok) {
    const error = (parsed as { error?: { code?: string; message?: string; details?: unknown } } | null)?.error;
    throw new SightlineError(res.status, error?.code ?? "http_error", error?.message ?? `${method} ${url.pathname} answered ${res.status}`, error?.details);
  }
  return parsed as T;
}

/** Sends an ingest batch (Langfuse's event format) and returns the per-event results (207). */
export const ingest = (conn: Connection, batch: unknown[]) => request<{ successes: { id: string }[]; errors: { id: string; status: number; message: string }[] }>(conn, "POST", "/v1/ingest", { batch });
