import { createHash } from "node:crypto";
import { mcp } from "@better-auth/mcp";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import type { Deps } from "../platform/deps";
import * as Tenancy from "../tenancy";
import { authOauthConsents, authOauthRefreshTokens } from "./oauth.sql";
import { liveGrant } from "./oauth-grant";
import { DEFAULT_SCOPES, OAUTH_SCOPES, scopeList } from "./oauth-scopes";
import { CONSOLE_SIGN_IN_PAGE } from "./two-factor-everywhere";

/*
 * better-auth's MCP authorization server (docs/mcp.md, "OAuth") with what it leaves to us: a refresh is refused once
 * the grant has ended, an authorize request without scopes gets read-only ones, and a consent may be limited to one
 * of the person's projects.
 */

type OAuthDeps = Pick<Deps, "db" | "clock" | "config" | "caches">;
type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * How refresh tokens (and codes) are stored: better-auth's default "hashed" format (SHA-256, base64url), named
 * here so the refresh check below finds the same row better-auth does, whatever its default becomes.
 */
const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** The MCP plugin for the resource `<base>/v1/mcp`, with our scopes and hooks. */
export function mcpPlugin(deps: OAuthDeps, resource: string) {
  const plugin = mcp({
    // The console's pages (docs/mcp.md, "OAuth"): sign-in, then the person grants the client its scopes.
    loginPage: CONSOLE_SIGN_IN_PAGE,
    consentPage: "/consent",
    resource,
    scopes: [...OAUTH_SCOPES],
    storeTokens: { hash: hashToken },
    // MCP clients register themselves (RFC 7591); a public client must use PKCE.
    allowDynamicClientRegistration: true,
    allowUnauthenticatedClientRegistration: true,
  });
  // Declared without the hooks the provider has at runtime (its signed-query check runs before ours).
  const own = (plugin as unknown as { hooks?: NonNullable<BetterAuthPlugin["hooks"]> }).hooks ?? {};
  const hooks: NonNullable<BetterAuthPlugin["hooks"]> = {
    ...own,
    before: [
      ...(own.before ?? []),
      { matcher: (ctx) => ctx.path === "/oauth2/authorize", handler: defaultScopes },
      { matcher: (ctx) => ctx.path === "/oauth2/token", handler: refreshGuard(deps) },
      { matcher: (ctx) => ctx.path === "/oauth2/consent", handler: consentProjectCheck(deps) },
    ],
    after: [
      ...(own.after ?? []),
      { matcher: (ctx) => ctx.path === "/oauth2/consent", handler: consentProjectStore(deps) },
    ],
  };
  return { ...plugin, hooks };
}

/** An authorize request naming no scope asks for read-only access (better-auth would grant every scope of the client). */
const defaultScopes = createAuthMiddleware(async (ctx) => {
  const query = ctx.query as Record<string, unknown> | undefined;
  if (!query || scopeList(query.scope).length > 0) return;
  return { context: { query: { ...query, scope: DEFAULT_SCOPES.join(" ") } } };
});

/**
 * A refresh is refused (`invalid_grant`) when the grant behind the refresh token has ended: the person is banned,
 * the sign-in session it came from is gone or expired, or the consent was withdrawn (docs/mcp.md, "Revocation").
 * A ban and a sign-out delete the session, and with it better-auth's refresh rows; this also covers a session
 * that survived (a ban written straight to the store).
 */
function refreshGuard(deps: OAuthDeps) {
  return createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as { grant_type?: unknown; refresh_token?: unknown };
    if (body.grant_type !== "refresh_token" || typeof body.refresh_token !== "string" || !body.refresh_token) return;
    const [row] = await deps.db
      .select({
        userId: authOauthRefreshTokens.userId,
        clientId: authOauthRefreshTokens.clientId,
        sessionId: authOauthRefreshTokens.sessionId,
      })
      .from(authOauthRefreshTokens)
      .where(eq(authOauthRefreshTokens.token, hashToken(body.refresh_token)));
    // An unknown token: better-auth answers it (invalid_grant).
    if (!row) return;
    if (await liveGrant(deps, row)) return;
    throw new APIError("BAD_REQUEST", {
      error: "invalid_grant",
      error_description:
        "The grant has ended (signed out, session revoked, consent withdrawn or account banned); authorize again",
    });
  });
}

/** `project_id`, the one project a consent may be limited to: sent by the console's consent page with the consent. */
function chosenProject(ctx: HookContext): string | null | undefined {
  const body = (ctx.body ?? {}) as { accept?: unknown; project_id?: unknown };
  if (body.accept !== true) return undefined;
  if (body.project_id === undefined || body.project_id === null) return null;
  if (typeof body.project_id !== "string" || !body.project_id)
    throw new APIError("BAD_REQUEST", {
      error: "invalid_request",
      error_description: "project_id must be a project id",
    });
  return body.project_id;
}

/** Before the consent: a project named must be one the person reaches. */
function consentProjectCheck(deps: OAuthDeps) {
  return createAuthMiddleware(async (ctx) => {
    const project = chosenProject(ctx);
    if (!project) return;
    // Without a session the endpoint itself answers 401.
    const session = await getSessionFromCtx(ctx).catch(() => null);
    if (!session) return;
    const access = await Tenancy.accessOf(deps, session.user.id);
    if (!access.some((org) => org.projects.some((p) => p.id === project))) {
      throw new APIError("BAD_REQUEST", {
        error: "invalid_request",
        error_description: `You have no membership for project '${project}'`,
      });
    }
  });
}

/**
 * After an accepted consent: the project it is limited to (or none: every project of the person) is kept in the
 * consent row's `reference_id`, which better-auth leaves to the application; each `/v1/mcp` request reads it.
 */
function consentProjectStore(deps: OAuthDeps) {
  return createAuthMiddleware(async (ctx) => {
    const project = chosenProject(ctx);
    if (project === undefined || ctx.context.returned instanceof Error) return;
    const session = await getSessionFromCtx(ctx).catch(() => null);
    const clientId = new URLSearchParams(String((ctx.body as { oauth_query?: unknown }).oauth_query ?? "")).get(
      "client_id",
    );
    if (!session || !clientId) return;
    await deps.db
      .update(authOauthConsents)
      .set({ referenceId: project })
      .where(and(eq(authOauthConsents.clientId, clientId), eq(authOauthConsents.userId, session.user.id)));
  });
}
