import type { BetterAuthPlugin, HookEndpointContext } from "better-auth";
import { createAuthMiddleware, isAPIError } from "better-auth/api";
import type { twoFactor } from "better-auth/plugins/two-factor";

/**
 * Two-factor for every way into a session (docs/auth.md, "Two-factor"). better-auth's `twoFactor` plugin asks for
 * the code only after `sign-in/email` (and username, phone number); a magic link, GitHub, Google, an SSO callback or
 * anything else that makes a session would give an enrolled person a full session without it. These hooks run the
 * plugin's own step on those answers: the new session and its cookie are deleted and the plugin's signed two-factor
 * cookie and attempt counter are set, so `two-factor/verify-totp` (or a backup code) finishes the sign-in exactly as
 * after a password, and a device the person trusted at a code step is honoured the same way.
 *
 * The rule is deny by default: any answer that made a session for an enrolled person is challenged unless its path
 * is one of `NOT_A_SIGN_IN` or it re-issued the caller's own session. No path list to keep in step with better-auth.
 */

type TwoFactorPlugin = ReturnType<typeof twoFactor>;

/** The console's sign-in page; `?twoFactor=1&callbackURL=…` opens its code step (docs/auth.md, "Two-factor"). */
export const CONSOLE_SIGN_IN_PAGE = "/sign-in";

/** Paths that make a session without being a sign-in this rule should challenge, each for its reason. */
const NOT_A_SIGN_IN: Record<string, string> = {
  "/sign-in/email": "the plugin's own hook asks for the code (and would be asked twice after a trusted device)",
  "/sign-in/username": "the plugin's own hook",
  "/sign-in/phone-number": "the plugin's own hook",
  "/admin/impersonate-user":
    "an instance administrator acts on their own signed-in session; the person does not sign in",
  "/admin/stop-impersonating": "gives the administrator back their own earlier session",
};

const PASSKEY_SIGN_IN = "/passkey/verify-authentication";

/** Passkey sign-ins whose authenticator verified the person (PIN, biometric): two factors in one (docs/auth.md, "Passkeys"). */
const userVerifiedPasskeys = new WeakSet<object>();

/**
 * For the passkey plugin's `authentication.afterVerification`: records that this request's passkey assertion carried
 * user verification. The plugin accepts assertions without it (presence only), which are one factor.
 */
export function notePasskeyUserVerification(ctx: { context: object }, userVerified: boolean): void {
  if (userVerified) userVerifiedPasskeys.add(ctx.context);
}

/**
 * `/two-factor/*` is the second factor itself (verify-totp, backup codes) or runs on a session that passed it (enable,
 * disable); a passkey is exempt only when the authenticator verified the person.
 */
const exempt = (ctx: HookEndpointContext) =>
  !ctx.path ||
  ctx.path.startsWith("/two-factor/") ||
  ctx.path in NOT_A_SIGN_IN ||
  (ctx.path === PASSKEY_SIGN_IN && userVerifiedPasskeys.has(ctx.context));

/** The sign-ins challenged on this request, with the browser redirect they answered (null: a JSON answer). */
const challenged = new WeakMap<object, { redirect: string | null }>();

const enrolledSessionMade = (ctx: HookEndpointContext) =>
  ctx.context.newSession?.user.twoFactorEnabled === true && !exempt(ctx);

/** The `Location` of a redirect answer, or null when the endpoint answered JSON. */
function redirectOf(ctx: HookEndpointContext): string | null {
  const answer = ctx.context.returned;
  if (!isAPIError(answer) || answer.statusCode < 300 || answer.statusCode >= 400) return null;
  return new Headers(answer.headers).get("location") ?? ctx.context.responseHeaders?.get("location") ?? null;
}

/**
 * Decides: a session made for an enrolled person on a request not already signed in as that person. A caller's own
 * session re-issued (its daily extension, `update-user`, `change-password`, an email change) is left alone: those
 * endpoints read the caller's session first, and better-auth keeps it in `ctx.context.session`.
 */
const decide = createAuthMiddleware(async (ctx) => {
  const made = ctx.context.newSession;
  if (!made || ctx.context.session?.user.id === made.user.id) return;
  challenged.set(ctx.context, { redirect: redirectOf(ctx) });
});

/**
 * A browser sent here by a redirect goes to the console's code step instead of the callback, which the page visits
 * once the code passed; a JSON caller keeps the plugin's `{twoFactorRedirect: true}`, as after a password.
 */
const toCodeStep = createAuthMiddleware(async (ctx) => {
  const redirect = challenged.get(ctx.context)?.redirect;
  if (!redirect) return;
  const step = new URL(CONSOLE_SIGN_IN_PAGE, new URL(redirect, ctx.context.baseURL));
  step.searchParams.set("twoFactor", "1");
  step.searchParams.set("callbackURL", redirect);
  throw ctx.redirect(step.toString());
});

const askedForCode = (ctx: HookEndpointContext) => {
  const answer = ctx.context.returned as { twoFactorRedirect?: unknown } | null | undefined;
  return challenged.has(ctx.context) && answer?.twoFactorRedirect === true;
};

/**
 * The hooks, around the plugin's own after-sign-in step (`plugin.hooks.after[0]`). Place this plugin right after
 * `twoFactor` and before plugins that act on a new session (the OAuth provider resumes an authorization with it).
 */
export function twoFactorEverywhere(plugin: TwoFactorPlugin) {
  const step = plugin.hooks.after[0];
  if (!step) throw new Error("better-auth's twoFactor plugin has no after-sign-in hook to reuse");
  return {
    id: "sightline-two-factor-everywhere",
    hooks: {
      after: [
        { matcher: enrolledSessionMade, handler: decide },
        { matcher: (ctx: HookEndpointContext) => challenged.has(ctx.context), handler: step.handler },
        { matcher: askedForCode, handler: toCodeStep },
      ],
    },
  } satisfies BetterAuthPlugin;
}
