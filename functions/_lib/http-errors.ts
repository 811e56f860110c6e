import { type ErrorCode, isAppError, wireCodeOf } from "@core/platform/errors";
import type { Log } from "@core/platform/ports";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { ZodError } from "zod";

/** The one table from domain error codes to HTTP statuses; a feature reason takes its code's status. */
export const STATUS_OF: Record<ErrorCode, number> = {
  invalid_input: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
  provider_error: 502,
};

export const errorBody = (code: string, message: string, details?: unknown) => ({
  error: details === undefined ? { code, message } : { code, message, details },
});

export function jsonResponse(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 {
  return { statusCode, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) };
}

/** Whole seconds (≥ 1) from a `rateLimited` error's details (docs/rate-limits.md). */
const retryAfterSeconds = (details: { retryAfterSeconds: number } | undefined) => {
  const seconds = details?.retryAfterSeconds;
  return typeof seconds === "number" && Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : 1;
};

/**
 * The Basic challenge is for API clients: a request with an `Authorization` header or without cookies. A
 * cookie-authenticated (browser) request gets none, or the browser would raise its own login prompt over a
 * console's fetch (docs/console.md, "Sign-in").
 */
export const wantsBasicChallenge = (event: Pick<APIGatewayProxyEventV2, "headers" | "cookies">) =>
  Boolean(event.headers?.authorization) || !(event.cookies?.length || event.headers?.cookie);

/** Builds an error's JSON body: ours by default; the Langfuse-compatible routes pass theirs (docs/langfuse.md, "Errors"). */
export type ErrorBodyOf = (code: string, message: string, details?: unknown) => unknown;

/** Only client errors are shown as they are; anything else is logged and hidden behind a 500. */
export function errorResponse(
  error: unknown,
  requestId: string,
  log?: Log,
  options: { challenge?: boolean; body?: ErrorBodyOf } = {},
): APIGatewayProxyStructuredResultV2 {
  const bodyOf = options.body ?? errorBody;
  const headers = { "x-request-id": requestId };
  if (isAppError(error)) {
    const status = STATUS_OF[error.code];
    if (status === 401 && options.challenge !== false)
      Object.assign(headers, { "www-authenticate": 'Basic realm="sightline"' });
    if (error.code === "rate_limited")
      Object.assign(headers, { "retry-after": String(retryAfterSeconds(error.details)) });
    return jsonResponse(status, bodyOf(wireCodeOf(error), error.message, error.details), headers);
  }
  if (error instanceof ZodError) {
    return jsonResponse(400, bodyOf("invalid_input", "Invalid request", error.issues), headers);
  }
  log?.error("unhandled error", {
    requestId,
    error: error instanceof Error ? { message: error.message, stack: error.stack } : String(error),
  });
  return jsonResponse(500, bodyOf("internal_error", "Internal server error"), headers);
}
