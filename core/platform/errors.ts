/**
 * The closed set of domain error codes; the transport maps each to a status
 * (docs/architecture.md, "Inputs and errors").
 */
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
  /** A model provider failed (5xx, time-out, unreachable, still rate limited after retries): a 502 with its message (docs/playground.md). */
  | "provider_error";

/**
 * Feature reasons: a finer cause of one code, which the error body names in place of the code (the status stays
 * the code's). Each reason belongs to exactly one code.
 */
export const REASON_CODE = {
  /** A CSV import whose mapping names a column the file lacks (docs/datasets.md, "CSV import"). */
  csv_missing_column: "invalid_input",
  /** A signed-in person reaches several projects and named none (docs/auth.md, "Choosing a project"). */
  project_required: "invalid_input",
  /** A social sign-in with a provider this server has not configured (docs/auth.md); thrown through better-auth. */
  provider_off: "invalid_input",
  /** A cookie-authenticated write without the session's CSRF token (docs/auth.md, "CSRF"). */
  csrf_failed: "forbidden",
  /** Sign-up is closed and the email has no invitation (docs/auth.md, "Sign-up"); thrown through better-auth. */
  signup_closed: "forbidden",
} as const satisfies Record<string, ErrorCode>;
export type ErrorReason = keyof typeof REASON_CODE;
/** The reasons that refine code `C`. */
export type ReasonOf<C extends ErrorCode> = {
  [R in ErrorReason]: (typeof REASON_CODE)[R] extends C ? R : never;
}[ErrorReason];

/** What `details` holds, by code: typed where a reader relies on it, free (zod issues, a path, …) elsewhere. */
export type ErrorDetails<C extends ErrorCode> = C extends "rate_limited" ? { retryAfterSeconds: number } : unknown;

/** What `new AppError(…)` takes: for each code, the details and reasons of that code. */
type AppErrorArgs = {
  [C in ErrorCode]: [
    code: C,
    message: string,
    details?: ErrorDetails<C>,
    options?: { cause?: unknown; reason?: ReasonOf<C> },
  ];
}[ErrorCode];

/**
 * A failure the client caused or may act on; anything else is a bug and a 500. Its constructor types `details` and
 * `reason` by code, so `isAppError` can hand it back as `AnyAppError`, where checking `code` narrows them.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;
  readonly reason: ErrorReason | undefined;
  constructor(...[code, message, details, options]: AppErrorArgs) {
    super(message, options);
    this.name = "AppError";
    this.code = code;
    this.details = details;
    this.reason = options?.reason;
  }
}

/** An AppError of code `C`, with its details and reason typed as its constructor required. */
export type AppErrorOf<C extends ErrorCode> = AppError & {
  readonly code: C;
  readonly details: ErrorDetails<C> | undefined;
  readonly reason: ReasonOf<C> | undefined;
};

/** Any AppError, as a union over its codes. */
export type AnyAppError = { [C in ErrorCode]: AppErrorOf<C> }[ErrorCode];

export const isAppError = (e: unknown): e is AnyAppError => e instanceof AppError;

/** The code the error body carries: the reason when there is one, else the code. */
export const wireCodeOf = (e: AppError): ErrorCode | ErrorReason => e.reason ?? e.code;

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
export const csvMissingColumn = (message: string, details: { column: string; mapping: string; columns: string[] }) =>
  new AppError("invalid_input", message, details, { reason: "csv_missing_column" });
export const projectRequired = (message: string) =>
  new AppError("invalid_input", message, undefined, { reason: "project_required" });
export const csrfFailed = (message: string) => new AppError("forbidden", message, undefined, { reason: "csrf_failed" });
