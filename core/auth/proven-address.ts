import { and, eq } from "drizzle-orm";
import { readThroughOwned } from "../platform/cache";
import type { Db } from "../platform/db";
import type { Deps } from "../platform/deps";
import { authAccounts, authSessions, authTwoFactors, authUsers } from "./auth.sql";
import { authOauthAccessTokens, authOauthConsents, authOauthRefreshTokens } from "./oauth.sql";
import { authPasskeys } from "./passkey.sql";

/*
 * Proven addresses (docs/auth.md, "Invitations and proven addresses"). An account's email counts as the person's
 * only once `auth_users.email_verified` is true: a magic link, the verification link of a password sign-up, a
 * provider that verified it, SSO. Invitations attach only then, and whoever made the account before the address
 * was proven another way loses it.
 */

/** The cache scope every change of an account's `email_verified` moves (docs/architecture.md, "In-process caches"). */
export const PROOF_SCOPE = "auth-proofs";

/** The account whose email is `email` and verified, or null: what the memberships API attaches to at once. */
export async function provenAccount(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(and(eq(authUsers.email, email.trim().toLowerCase()), eq(authUsers.emailVerified, true)));
  return row?.id ?? null;
}

/**
 * Whether the account exists and its address is still unproven. Asked for each session whose cookie cache was
 * written while the address was unproven (create-auth.ts, `cookieCache.version`); on a store this process owns it
 * is served from memory until an address is proven.
 */
export function stillUnproven(deps: Pick<Deps, "db" | "caches" | "config">, userId: string): Promise<boolean> {
  return readThroughOwned(deps, "auth-unproven", PROOF_SCOPE, userId, async () => {
    const [row] = await deps.db
      .select({ verified: authUsers.emailVerified })
      .from(authUsers)
      .where(eq(authUsers.id, userId));
    return row !== undefined && !row.verified;
  });
}

/**
 * Takes from an account everything its maker set up before the address was proven by another channel: the password,
 * passkeys, two-factor enrolment, every session, and the OAuth grants (refresh and access tokens, consents) of MCP
 * clients. The new owner signs in only through the channel that proved the address. Organizations the account
 * created stay with it.
 */
export async function revokeUnprovenAccess(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(authAccounts)
      .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, "credential")));
    await tx.delete(authPasskeys).where(eq(authPasskeys.userId, userId));
    await tx.delete(authTwoFactors).where(eq(authTwoFactors.userId, userId));
    await tx.update(authUsers).set({ twoFactorEnabled: false }).where(eq(authUsers.id, userId));
    // Access tokens name the refresh token and session they came from: they go first.
    await tx.delete(authOauthAccessTokens).where(eq(authOauthAccessTokens.userId, userId));
    await tx.delete(authOauthRefreshTokens).where(eq(authOauthRefreshTokens.userId, userId));
    await tx.delete(authOauthConsents).where(eq(authOauthConsents.userId, userId));
    await tx.delete(authSessions).where(eq(authSessions.userId, userId));
  });
}
