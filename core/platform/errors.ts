/** The closed set of domain error codes; the transport maps each to a status. */
export type ErrorCode =
  | "invalid_input"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payload_too_large"
  | "unprocessable"
  | "rate_limited"
  | "unavailable"
  /** A CSV import whose mapping names a column the file lacks (docs/datasets.md, "CSV import"); a 400. */
  | "csv_missing_column"
  /** A signed-in person reaches several projects and named none (docs/auth.md, "Choosing a project"); a 400. */
  | "project_required"
  /** A cookie-authenticated write without the session's CSRF token (docs/auth.md, "CSRF"); a 403. */
  | "csrf_failed"
  /** Sign-up is closed and the email has no invitation (docs/auth.md, "Sign-up"); a 403. */
  | "signup_closed"
  /** A model provider failed (5xx, time-out, unreachable, still rate limited after retries): a 502 with its message (docs/playground.md). */
  | "provider_error";

/** A failure the client caused or may act on; anything else is a bug and a 500. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "AppError";
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

export const invalid = (message: string, details?: unknown) => new AppError("invalid_input", message, details);
export const unauthorized = (message = "Missing or invalid credentials") => new AppError("unauthorized", message);
export const forbidden = (message: string) => new AppError("forbidden", message);
export const notFound = (what: string, id?: string) =>
  new AppError("not_found", id === undefined ? `${what} not found` : `${what} '${id}' not found`);
export const conflict = (message: string) => new AppError("conflict", message);
export const payloadTooLarge = (limitBytes: number) =>
  new AppError("payload_too_large", `Request body exceeds the limit of ${limitBytes} bytes`);
/** A rate-limit bucket is empty (docs/rate-limits.md); the transport sends `retryAfterSeconds` as `Retry-After`. */
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new AppError("rate_limited", message, { retryAfterSeconds });
export const unprocessable = (message: string, details?: unknown) => new AppError("unprocessable", message, details);
/** A model provider failed; the message is the provider's, shortened (never a key). */
export const providerError = (message: string, details?: unknown) => new AppError("provider_error", message, details);
export const csvMissingColumn = (message: string, details?: unknown) =>
  new AppError("csv_missing_column", message, details);
