/**
 * The one client of the `/v1` API: Basic auth with a key typed at sign-in (kept in sessionStorage), or the
 * session cookie with the CSRF token on writes (docs/console.md, "Sign-in").
 */

export interface ConsoleConfig {
  apiUrl: string;
  /** Where streamed routes (the playground) answer: their function URL on AWS, else the API's own URL. */
  streamUrl: string;
  /** Where exports stream from on AWS (their function URL); empty: the API's own address. */
  exportUrl: string;
  keySignIn: boolean;
}

export interface Me {
  user: { id: string; email: string; name: string; twoFactorEnabled?: boolean; emailVerified?: boolean };
  organizations: { id: string; name: string; role: string; projects: { id: string; name: string }[] }[];
  csrfToken: string;
}

export type Credentials =
  | { mode: "key"; publicKey: string; secretKey: string }
  | { mode: "session"; csrfToken: string; projectId: string | null };

/** An answer outside 2xx, with the error body's code, message and details. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

const KEY_STORAGE = "sightline.key";
const PROJECT_STORAGE = "sightline.project";
/** Set while this browser holds a session: only then does start-up ask `GET /v1/me` (docs/console.md, "Sign-in"). */
const SESSION_HINT = "sightline.session";

const config: ConsoleConfig = { apiUrl: "", streamUrl: "", exportUrl: "", keySignIn: false };
let credentials: Credentials | null = readStoredKey();
let onUnauthorized: () => void = () => {};

function readStoredKey(): Credentials | null {
  try {
    const raw = sessionStorage.getItem(KEY_STORAGE);
    if (!raw) return null;
    const { publicKey, secretKey } = JSON.parse(raw) as { publicKey: string; secretKey: string };
    return { mode: "key", publicKey, secretKey };
  } catch {
    return null;
  }
}

export async function loadConfig(): Promise<ConsoleConfig> {
  try {
    const res = await fetch("/config.json", { cache: "no-store" });
    if (res.ok) {
      const loaded = (await res.json()) as {
        apiUrl?: unknown;
        streamUrl?: unknown;
        exportUrl?: unknown;
        keySignIn?: unknown;
      };
      // A template whose values were never written in (a plain `vite` dev server) keeps the defaults.
      if (typeof loaded.apiUrl === "string" && !loaded.apiUrl.includes("{{"))
        config.apiUrl = loaded.apiUrl.replace(/\/$/, "");
      if (typeof loaded.streamUrl === "string" && !loaded.streamUrl.includes("{{"))
        config.streamUrl = loaded.streamUrl.replace(/\/$/, "");
      if (typeof loaded.exportUrl === "string" && !loaded.exportUrl.includes("{{"))
        config.exportUrl = loaded.exportUrl.replace(/\/$/, "");
      if (typeof loaded.keySignIn === "boolean") config.keySignIn = loaded.keySignIn;
    }
  } catch {
    // Served without a config (vite dev against another origin): the defaults stand.
  }
  return config;
}

export const getConfig = () => config;
export const getCredentials = () => credentials;
export const setUnauthorizedHandler = (fn: () => void) => {
  onUnauthorized = fn;
};

export function signInWithKey(publicKey: string, secretKey: string): void {
  credentials = { mode: "key", publicKey, secretKey };
  sessionStorage.setItem(KEY_STORAGE, JSON.stringify({ publicKey, secretKey }));
}

/** The project a shared URL names (`?project=`), else the one this browser chose last, else the first. */
export function signInWithSession(me: Me): void {
  const projects = me.organizations.flatMap((o) => o.projects);
  const fromUrl = new URLSearchParams(window.location.search).get("project");
  const stored = localStorage.getItem(PROJECT_STORAGE);
  const projectId =
    projects.find((p) => p.id === fromUrl)?.id ?? projects.find((p) => p.id === stored)?.id ?? projects[0]?.id ?? null;
  if (projectId) localStorage.setItem(PROJECT_STORAGE, projectId);
  credentials = { mode: "session", csrfToken: me.csrfToken, projectId };
  localStorage.setItem(SESSION_HINT, "1");
}

export const hasSessionHint = () => localStorage.getItem(SESSION_HINT) !== null;
/** Before a magic link is sent: the browser that opens it then asks `GET /v1/me` at start. */
export const setSessionHint = () => localStorage.setItem(SESSION_HINT, "1");

export function chooseProject(projectId: string): void {
  localStorage.setItem(PROJECT_STORAGE, projectId);
  if (credentials?.mode === "session") credentials = { ...credentials, projectId };
}

export function forget(): void {
  credentials = null;
  sessionStorage.removeItem(KEY_STORAGE);
  localStorage.removeItem(SESSION_HINT);
}

type Query = Record<string, string | number | boolean | null | undefined>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== "") params.set(k, String(v));
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

/** The credentials' headers for one call: Basic for a key; the project and, on writes, the CSRF token for a session. */
function authHeaders(method: string, headers: Record<string, string>): Record<string, string> {
  const c = credentials;
  if (c?.mode === "key") headers.authorization = `Basic ${btoa(`${c.publicKey}:${c.secretKey}`)}`;
  if (c?.mode === "session") {
    if (c.projectId) headers["x-sightline-project"] = c.projectId;
    if (method !== "GET" && method !== "HEAD") headers["x-csrf-token"] = c.csrfToken;
  }
  return headers;
}

/** An error answer as ApiError; a 401 sends the user to sign in (unless `anonymous`). */
function apiError(res: Response, text: string, anonymous = false): ApiError {
  let body:
    | { error?: { code?: string; message?: string; details?: unknown } | string; error_description?: string }
    | undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  // The OAuth endpoints under /v1/auth/oauth2 answer RFC 6749's `{error, error_description}` (docs/mcp.md, "OAuth").
  const err = typeof body?.error === "string" ? { code: body.error, message: body.error_description } : body?.error;
  const error = new ApiError(
    res.status,
    err?.code ?? "http_error",
    err?.message ?? `${res.status} ${res.statusText}`,
    err && "details" in err ? err.details : undefined,
  );
  if (res.status === 401 && !anonymous) onUnauthorized();
  return error;
}

/**
 * POSTs to a streamed route (server-sent events) and hands each event to `onEvent` as it arrives. An answer that
 * is not a stream (an error known before the first byte) throws ApiError like `api()` (docs/playground.md).
 */
export async function streamEvents(
  path: string,
  body: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: the caller reads each event's payload by its name.
  onEvent: (event: string, data: any) => void,
  signal?: AbortSignal,
): Promise<void> {
  const c = credentials;
  const res = await fetch((config.streamUrl || config.apiUrl) + path, {
    method: "POST",
    headers: authHeaders("POST", { accept: "text/event-stream", "content-type": "application/json" }),
    body: JSON.stringify(body),
    credentials: c?.mode === "key" ? "omit" : "include",
    signal,
  });
  if (!res.ok || !res.body) throw apiError(res, await res.text());
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    for (let end = buffered.indexOf("\n\n"); end >= 0; end = buffered.indexOf("\n\n")) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const name = block.match(/^event: (.*)$/m)?.[1] ?? "message";
      const data = block.match(/^data: (.*)$/m)?.[1];
      if (data !== undefined) onEvent(name, JSON.parse(data));
    }
  }
}

/**
 * Downloads an export (`GET /v1/exports`, docs/export.md) of `table` with a list page's filters, and saves it under the
 * name the server gives. The browser holds the file until it is saved; the server streams it in constant memory.
 */
export async function downloadExport(
  table: "traces" | "observations" | "scores",
  format: "csv" | "jsonl",
  filters: Query,
): Promise<void> {
  const c = credentials;
  const res = await fetch(
    (config.exportUrl || config.apiUrl) +
      withQuery("/v1/exports", { ...filters, cursor: undefined, limit: undefined, table, format }),
    {
      headers: authHeaders("GET", { accept: format === "csv" ? "text/csv" : "application/x-ndjson" }),
      credentials: c?.mode === "key" ? "omit" : "include",
    },
  );
  if (!res.ok) throw apiError(res, await res.text());
  const name = res.headers.get("content-disposition")?.match(/filename="([^"]+)"/)?.[1] ?? `${table}.${format}`;
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Calls the API; throws ApiError with the error body's message, and sends the user to sign in on a 401. */
export async function api<T>(
  method: string,
  path: string,
  options: { body?: unknown; query?: Query; signal?: AbortSignal; anonymous?: boolean } = {},
): Promise<T> {
  const headers = authHeaders(method, { accept: "application/json" });
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const c = credentials;
  const res = await fetch(config.apiUrl + withQuery(path, options.query), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    // A key travels in the header alone; the session needs its cookie, and the API sends no Basic challenge
    // to a cookie request, so no browser login prompt shows over it (docs/console.md, "Sign-in").
    credentials: c?.mode === "key" ? "omit" : "include",
    signal: options.signal,
  });
  const text = await res.text();
  if (!res.ok) throw apiError(res, text, options.anonymous);
  try {
    return (text ? JSON.parse(text) : undefined) as T;
  } catch {
    return undefined as T;
  }
}

export const get = <T>(path: string, query?: Query) => api<T>("GET", path, { query });
export const send = <T>(method: "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown) =>
  api<T>(method, path, { body });

/** Encodes one path segment (prompt, dataset and queue names may hold slashes or spaces). */
export const seg = (s: string) => encodeURIComponent(s);
