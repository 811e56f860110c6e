import type { PortName } from "../_runtime/ports";
import { type HttpSpec, httpWith } from "./http-core";

/** Langfuse's own error names, which its SDKs show and its users search for (docs/langfuse.md, "Errors"). */
const LANGFUSE_ERROR_NAME: Record<string, string> = {
  invalid_input: "InvalidRequestError",
  csv_missing_column: "InvalidRequestError",
  project_required: "InvalidRequestError",
  unauthorized: "UnauthorizedError",
  forbidden: "ForbiddenError",
  csrf_failed: "ForbiddenError",
  signup_closed: "ForbiddenError",
  not_found: "LangfuseNotFoundError",
  conflict: "ConflictError",
  payload_too_large: "PayloadTooLargeError",
  unprocessable: "InvalidRequestError",
  rate_limited: "TooManyRequestsError",
  unavailable: "ServiceUnavailableError",
  provider_error: "ApiError",
  internal_error: "InternalServerError",
};

/** Langfuse's error body, `{message, error}`, keeping our code and details beside it for clients that read ours. */
export const langfuseErrorBody = (code: string, message: string, details?: unknown) => ({
  message,
  error: LANGFUSE_ERROR_NAME[code] ?? "ApiError",
  code,
  ...(details === undefined ? {} : { details }),
});

/**
 * An endpoint of Langfuse's public API (`/api/public/...`): called by Langfuse SDKs with a project key in HTTP
 * Basic, never with a cookie (its bundle carries no sign-in stack), and answering errors in Langfuse's body.
 * The handler only translates between Langfuse's wire format and a use case of ours (docs/langfuse.md).
 */
export function langfuseHttp<P = undefined, Q = undefined, B = undefined, R = unknown, N extends PortName = never>(
  spec: HttpSpec<P, Q, B, R, N>,
) {
  return httpWith({ ...spec, tags: ["langfuse", ...(spec.tags ?? [])], errorBody: langfuseErrorBody }, null);
}
