import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { ErrorReason } from "../platform/errors";
import * as Tenancy from "../tenancy";
import type { AuthConfig } from "./auth.config";
import { authUsers } from "./auth.sql";
import type { AuthDeps } from "./auth-service";
import { PROOF_SCOPE, revokeUnprovenAccess } from "./proven-address";
import { ssoVouchesFor } from "./sso";

/** The better-auth endpoint that verifies a password sign-up's email: the account's own maker proving the address. */
const OWN_PROOF_PATH = "/verify-email";

/** What better-auth's endpoint context tells a hook here: the endpoint's path (its route pattern). */
type HookContext = { path?: string; params?: Record<string, string | undefined> } | null;

/**
 * better-auth's `databaseHooks` (docs/auth.md, "Sign-up" and "Invitations and proven addresses"): the sign-up rule,
 * an account's place in tenancy, and what a proven address changes.
 *
 * better-auth promotes an unverified account by writing exactly `{emailVerified: true}` (the verification link, a
 * magic link to an existing account, a provider that verified a linked email); `user.update.before` sees that write
 * but not whose it is, so it marks the request, and the account is known at `user.update.after` or at the session
 * the request then makes, whichever comes first (a magic link updates then signs in; an OAuth or SSO answer queues
 * the update's hooks until its session exists).
 */
export function accountHooks(deps: AuthDeps, config: AuthConfig) {
  const promotions = new WeakMap<object, { revoke: boolean }>();
  /** Revokes what the account's maker set up, once per request, when another channel proved the address. */
  const revokeOnce = async (context: HookContext, userId: string) => {
    const promotion = context && promotions.get(context);
    if (!promotion?.revoke) return;
    promotion.revoke = false;
    // Sessions cached while the address was unproven are read again (create-auth.ts, `cookieCache.version`).
    await deps.caches.write(PROOF_SCOPE, () => revokeUnprovenAccess(deps.db, userId));
  };
  const acceptFor = async (userId: string) => {
    const [user] = await deps.db
      .select({ email: authUsers.email, verified: authUsers.emailVerified })
      .from(authUsers)
      .where(eq(authUsers.id, userId));
    if (user?.verified) await Tenancy.acceptInvitations(deps, { userId, email: user.email });
  };
  return {
    user: {
      create: {
        async before(user: { email: string; emailVerified?: boolean }, context: HookContext) {
          const admitted = await Tenancy.admitSignUp(deps, user.email, {
            signup: config.signup,
            orgName: config.bootstrap.orgName,
          });
          if (!admitted.allowed)
            throw new APIError("FORBIDDEN", {
              code: "signup_closed" satisfies ErrorReason,
              message: "Sign-up is closed; ask an administrator for an invitation",
            });
          // An SSO provider that proved its domain vouches for the address (docs/auth.md, "Signing in"); every other
          // sign-up keeps better-auth's own value.
          const vouched = !user.emailVerified && (await ssoVouchesFor(deps, user.email, context));
          return { data: { ...user, ...(vouched ? { emailVerified: true } : {}) } };
        },
        async after(user: { id: string; email: string }) {
          const { firstOwner } = await Tenancy.claimSignUp(
            deps,
            { userId: user.id, email: user.email },
            config.bootstrap,
          );
          if (firstOwner) await deps.db.update(authUsers).set({ role: "admin" }).where(eq(authUsers.id, user.id));
        },
      },
      update: {
        async before(patch: Record<string, unknown>, context: HookContext) {
          const promotion =
            patch.emailVerified === true && Object.keys(patch).every((k) => k === "emailVerified" || k === "updatedAt");
          if (!promotion || !context) return;
          const revoke = context.path !== OWN_PROOF_PATH;
          promotions.set(context, { revoke });
          // In the same write, so the user better-auth puts in the new session's cookie no longer has the maker's two-factor.
          if (revoke) return { data: { ...patch, twoFactorEnabled: false } };
        },
        async after(user: { id: string; email: string; emailVerified: boolean } | null, context: HookContext) {
          if (!user?.emailVerified || !context || !promotions.has(context)) return;
          await deps.caches.write(PROOF_SCOPE, () => revokeOnce(context, user.id));
          await Tenancy.acceptInvitations(deps, { userId: user.id, email: user.email });
        },
      },
    },
    session: {
      create: {
        async before(session: { userId: string }, context: HookContext) {
          await revokeOnce(context, session.userId);
        },
        async after(session: { userId: string }) {
          await acceptFor(session.userId);
        },
      },
    },
  };
}
