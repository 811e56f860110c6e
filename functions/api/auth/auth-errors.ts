import { SSO_ERROR_PATH } from "@core/auth";
import type { ErrorReason } from "@core/platform/errors";
import type { Log } from "@core/platform/ports";
import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { errorBody } from "../../_lib/http-errors";

/** better-auth's statuses in our error codes (docs/auth.md, "Errors"). */
const CODE_OF: Record<number, string> = {
  400: "invalid_input",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "payload_too_large",
  422: "unprocessable",
  429: "rate_limited",
};

/** Reasons of ours that better-auth may carry through (thrown from our sign-up hook and sign-in guard). */
const OWN_CODES: ReadonlySet<string> = new Set<ErrorReason>(["signup_closed", "provider_off"]);
const SIGNUP_CLOSED: ErrorReason = "signup_closed";

/** Messages of the errors better-auth reports by redirect (`?error=…`): a magic link's, a GitHub or Google callback's. */
const REDIRECT_MESSAGES: Record<string, string> = {
  INVALID_TOKEN: "The sign-in link is invalid, used or expired",
  // docs/auth.md, "Sign-up and linking": an existing account is joined only with an email both sides have verified.
  account_not_linked:
    "An account with this email exists; sign in to it another way first (its email must be verified), then sign in with this provider",
};

/**
 * better-auth's `{code, message}`, or an OAuth endpoint's `{error, error_description}` (RFC 6749 §5.2) in the same
 * shape; `ours` when the body is already our error body (`{error: {code, message}}`: sign-in not configured).
 */
function parsed(body: string | undefined): { code?: unknown; message?: unknown; ours?: boolean } {
  try {
    const value = JSON.parse(body ?? "") as unknown;
    if (!value || typeof value !== "object") return {};
    const v = value as { code?: unknown; message?: unknown; error?: unknown; error_description?: unknown };
    const own = v.error as { code?: unknown; message?: unknown } | null | undefined;
    if (own && typeof own === "object" && typeof own.code === "string" && typeof own.message === "string")
      return { code: own.code, message: own.message, ours: true };
    return {
      code: v.code ?? (typeof v.error === "string" ? v.error : undefined),
      message: v.message ?? v.error_description,
    };
  } catch {
    return {};
  }
}

const json = (
  status: number,
  code: string,
  message: string,
  details: unknown,
  headers: Record<string, string | number | boolean> = {},
): APIGatewayProxyStructuredResultV2 => ({
  statusCode: status,
  headers: { ...headers, "content-type": "application/json" },
  body: JSON.stringify(errorBody(code, message, details)),
});

/** Where an IdP's answer comes back: the OIDC callback and the SAML ACS. */
const SSO_RETURN = /^\/v1\/auth\/sso\/(callback|saml2\/sp\/acs)\//;

/** Refusals of a person rather than of the request: the IdP vouched for someone we do not let in. */
const SSO_FORBIDDEN = new Set([
  "sso_domain_mismatch",
  "sso_provider_not_found",
  "sso_awaits_owner",
  "account_not_linked",
  "signup_closed",
]);

/**
 * A failed SSO sign-in whose caller named no `errorCallbackURL`: the plugin redirected to our error path with
 * `error` and `error_description`, answered here in our body (403 for a refused person, else 401).
 */
function ssoRefusal(params: URLSearchParams): APIGatewayProxyStructuredResultV2 {
  const authCode = (params.get("error") ?? "sso_failed").replace(/ /g, "_");
  const described = params.get("error_description");
  const message =
    authCode === "account_not_linked"
      ? "An account with this email exists and was not made through this SSO provider; sign in the way it was made"
      : described && described !== authCode
        ? described
        : `SSO sign-in failed (${authCode})`;
  if (authCode === SIGNUP_CLOSED) return json(403, SIGNUP_CLOSED, message, { authCode });
  return SSO_FORBIDDEN.has(authCode)
    ? json(403, "forbidden", message, { authCode })
    : json(401, "unauthorized", message, { authCode });
}

/**
 * better-auth's failures as our error body, or undefined when the answer is not one: a 4xx keeps its status
 * with better-auth's message (its own code in `details.authCode`); a 5xx is logged and hidden. A redirect that
 * reports an error (an expired magic link) becomes a 401 when the caller gave no `errorCallbackURL` to go to.
 */
export function authErrorResult(
  result: APIGatewayProxyStructuredResultV2,
  url: URL,
  log: Log,
): APIGatewayProxyStructuredResultV2 | undefined {
  const status = result.statusCode ?? 200;
  const keep = { ...(result.cookies ? { cookies: result.cookies } : {}) };
  if (status >= 300 && status < 400) {
    const location = result.headers?.location;
    const target = typeof location === "string" ? new URL(location, url) : null;
    if (target?.pathname === SSO_ERROR_PATH) return { ...ssoRefusal(target.searchParams), ...keep };
    const error = target?.searchParams.get("error");
    if (!target || !error) return undefined;
    // The caller chose where errors go: a magic link's errorCallbackURL is in its query, a social sign-in's sits in
    // the OAuth state, so a callback keeps its redirect unless it goes to better-auth's own error page; an SSO
    // callback's goes to the errorCallbackURL its sign-in named (docs/auth.md, "SSO").
    if (url.searchParams.has("errorCallbackURL") || SSO_RETURN.test(url.pathname)) return undefined;
    if (url.pathname.startsWith("/v1/auth/callback/") && target.pathname !== "/v1/auth/error") return undefined;
    if (error === SIGNUP_CLOSED)
      return {
        ...json(403, error, "Sign-up is closed; ask an administrator for an invitation", { authCode: error }),
        ...keep,
      };
    return {
      ...json(401, "unauthorized", REDIRECT_MESSAGES[error] ?? `Sign-in failed (${error})`, { authCode: error }),
      ...keep,
    };
  }
  if (status < 400) return undefined;
  const body = parsed(result.body);
  // Written by us, for the caller: kept as it is (a 503 when the stage's secret has no SIGHTLINE_AUTH_SECRET).
  if (body.ours) return undefined;
  const authCode = typeof body.code === "string" ? body.code : undefined;
  const fallback =
    status === 429
      ? "Too many sign-in attempts; try again later"
      : status === 404
        ? `No sign-in endpoint at ${url.pathname}`
        : "Sign-in request refused";
  const message = typeof body.message === "string" && body.message ? body.message : fallback;
  if (status >= 500) {
    log.error("auth endpoint failed", { status, authCode, message });
    return { ...json(500, "internal_error", "Internal server error", undefined), ...keep };
  }
  if (authCode && OWN_CODES.has(authCode)) return { ...json(status, authCode, message, undefined), ...keep };
  const headers: Record<string, string> = {};
  if (status === 429) headers["retry-after"] = String(result.headers?.["x-retry-after"] ?? 60);
  return {
    ...json(status, CODE_OF[status] ?? "invalid_input", message, authCode ? { authCode } : undefined, headers),
    ...keep,
  };
}
