import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { and, eq, lt } from "drizzle-orm";
import type { Deps } from "../platform/deps";
import { authTotpUses } from "./auth.sql";

/** A code is valid for its 30-second step and one step either side; after that it cannot pass anyway. */
const CODE_LIFETIME_MS = 90_000;
const TWO_FACTOR_COOKIE = "two_factor";

/** The person a verify-totp request is for: the session's, or the pending sign-in's (two-factor cookie). */
async function personOf(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = await ctx.getSignedCookie(ctx.context.createAuthCookie(TWO_FACTOR_COOKIE).name, ctx.context.secret);
  if (!cookie) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(cookie);
  return pending?.value ?? null;
}

/**
 * Refuses a TOTP code that already passed for the same person (docs/auth.md, "Two-factor"). The code is claimed
 * before better-auth checks it, with an insert that only one request can win; a wrong code claimed this way
 * could not have passed within its lifetime anyway.
 */
export function totpReplayGuard(deps: Pick<Deps, "db" | "clock">) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== "/two-factor/verify-totp") return;
    const code = (ctx.body as { code?: unknown } | undefined)?.code;
    if (typeof code !== "string" || code.length === 0) return;
    const userId = await personOf(ctx);
    if (!userId) return;
    const now = deps.clock.now();
    await deps.db
      .delete(authTotpUses)
      .where(and(eq(authTotpUses.userId, userId), lt(authTotpUses.usedAt, new Date(now.getTime() - CODE_LIFETIME_MS))));
    const claimed = await deps.db
      .insert(authTotpUses)
      .values({ userId, code, usedAt: now })
      .onConflictDoNothing()
      .returning({ userId: authTotpUses.userId });
    if (claimed.length === 0)
      throw new APIError("UNAUTHORIZED", {
        code: "TOTP_CODE_REPLAYED",
        message: "This code was already used; wait for the next one",
      });
  });
}
