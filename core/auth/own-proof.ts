import { APIError } from "better-auth/api";
import { and, eq, gt } from "drizzle-orm";
import type { Deps } from "../platform/deps";
import { authSessions } from "./auth.sql";

/** The code the console's sign-in page explains when a confirmation link was opened outside the account's session. */
export const VERIFICATION_NEEDS_SESSION = "verification_needs_session";

const SESSION_COOKIE = /^(?:__Secure-)?better-auth\.session_token=(.*)$/;

/**
 * For better-auth's `emailVerification.beforeEmailVerification` (docs/auth.md, "Invitations and proven addresses"):
 * the confirmation link of a password sign-up confirms the address only in a browser signed in to that very account.
 * Whoever signed up with somebody else's address cannot have that person confirm it for them by clicking the mail;
 * the real owner of the address signs in with a magic link instead, which takes the account from its maker.
 * A browser elsewhere is sent to the link's `errorCallbackURL` (the mailed link names the console's sign-in page) with
 * `?error=verification_needs_session`; a call without one gets 403.
 */
export function confirmOnlyInOwnSession(deps: Pick<Deps, "db" | "clock">) {
  return async (user: { id: string }, request: Request | undefined): Promise<void> => {
    if (request && (await sessionUserOf(deps, request.headers)) === user.id) return;
    const back = request && errorPage(request);
    if (back) throw new APIError("FOUND", undefined, { location: back });
    throw new APIError("FORBIDDEN", {
      code: VERIFICATION_NEEDS_SESSION,
      message:
        "Open the confirmation link in the browser signed in to the account it confirms, or sign in with a magic link",
    });
  };
}

/** The mailed link's error page (a path on this service only: the query is not ours to trust), with the error. */
function errorPage(request: Request): string | null {
  const url = new URL(request.url);
  const path = url.searchParams.get("errorCallbackURL");
  if (!path?.startsWith("/") || path.startsWith("//")) return null;
  const page = new URL(path, url.origin);
  page.searchParams.set("error", VERIFICATION_NEEDS_SESSION);
  return page.toString();
}

/** The mailed confirmation link, naming the console's sign-in page as where a refusal lands. */
export function withErrorPage(link: string, page = "/sign-in"): string {
  const url = new URL(link);
  url.searchParams.set("errorCallbackURL", page);
  return url.toString();
}

/** The person whose live session the request's session cookie names (`<token>.<signature>`), or null. */
async function sessionUserOf(deps: Pick<Deps, "db" | "clock">, headers: Headers): Promise<string | null> {
  const pair = (headers.get("cookie") ?? "")
    .split(";")
    .map((c) => c.trim())
    .map((c) => SESSION_COOKIE.exec(c))
    .find(Boolean);
  if (!pair) return null;
  const value = decodeURIComponent(pair[1]!);
  // better-auth signs the token: `<token>.<HMAC>`; the token alone names the session, and only its holder has it.
  const dot = value.lastIndexOf(".");
  const token = dot > 0 ? value.slice(0, dot) : value;
  const [row] = await deps.db
    .select({ userId: authSessions.userId })
    .from(authSessions)
    .where(and(eq(authSessions.token, token), gt(authSessions.expiresAt, deps.clock.now())));
  return row?.userId ?? null;
}
