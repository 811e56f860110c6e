import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../platform/db";
import type { Deps } from "../platform/deps";
import { authSessions, authUsers } from "./auth.sql";
import { authOauthConsents } from "./oauth.sql";

/** Who an MCP token or refresh token was issued to, through which client and sign-in session. */
export interface GrantKey {
  userId: string;
  clientId: string;
  sessionId: string | null;
}

/** A grant still alive: the scopes the person consented to and the one project they limited it to (null: all of theirs). */
export interface LiveGrant {
  consentedScopes: string[];
  projectId: string | null;
}

/**
 * The grant behind an OAuth token, read from the store (docs/mcp.md, "Revocation"): alive while the person is not
 * banned, the sign-in session the token was issued from exists and has not expired (a sign-out, a revoked session
 * and a ban delete it), and the person's consent to that client stands. One read of three rows by their keys
 * (the session's primary key, the user's, the consent's client index), prepared once per database handle.
 */
export async function liveGrant(deps: Pick<Deps, "db" | "clock">, key: GrantKey): Promise<LiveGrant | null> {
  if (!key.sessionId) return null;
  let lookup = prepared.get(deps.db);
  if (!lookup) {
    lookup = prepareGrantLookup(deps.db);
    prepared.set(deps.db, lookup);
  }
  const [row] = await lookup.execute({ sessionId: key.sessionId, userId: key.userId, clientId: key.clientId });
  if (!row) return null;
  const now = deps.clock.now();
  if (row.sessionExpiresAt <= now) return null;
  if (row.banned && (!row.banExpires || row.banExpires > now)) return null;
  return { consentedScopes: row.consentedScopes, projectId: row.projectId };
}

const prepared = new WeakMap<Db, ReturnType<typeof prepareGrantLookup>>();

function prepareGrantLookup(db: Db) {
  return db
    .select({
      sessionExpiresAt: authSessions.expiresAt,
      banned: authUsers.banned,
      banExpires: authUsers.banExpires,
      consentedScopes: authOauthConsents.scopes,
      // The project the consent was limited to (core/auth/mcp-oauth.ts keeps it in better-auth's reference id).
      projectId: authOauthConsents.referenceId,
    })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .innerJoin(
      authOauthConsents,
      and(
        eq(authOauthConsents.userId, authSessions.userId),
        eq(authOauthConsents.clientId, sql.placeholder("clientId")),
      ),
    )
    .where(and(eq(authSessions.id, sql.placeholder("sessionId")), eq(authSessions.userId, sql.placeholder("userId"))))
    .limit(1)
    .prepare("oauth_grant_of_token");
}
