import type { Deps } from "../platform/deps";
import { AppError, notFound, unauthorized } from "../platform/errors";
import type { Principal } from "../platform/principal";
import * as Tenancy from "../tenancy";
import type { SessionVerifier, SessionView } from "./cookie-session";
import { tokenMatches } from "./csrf";

export const SESSION_PROJECT_HEADER = "x-sightline-project";
export const CSRF_HEADER = "x-csrf-token";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The principal of a cookie-authenticated request (docs/auth.md, "Sessions"): the session must be valid, a
 * write must carry the session's CSRF token, and the role is the person's membership role in the chosen
 * project's organization, read now (a lowered role or a removed membership applies to this request).
 * With `projectOptional` (GET /v1/me) a person without a single reachable project still passes, with no project.
 * @throws unauthorized (no valid session), csrf_failed, project_required, not_found (no membership for the project).
 */
export async function sessionPrincipal(
  deps: Pick<Deps, "db" | "config" | "caches"> & { sessions: SessionVerifier },
  request: { method: string; headers: Headers },
  options: { projectOptional?: boolean } = {},
): Promise<{ principal: Principal; session: SessionView }> {
  const session = await deps.sessions.session(request.headers);
  if (!session) throw unauthorized("The session is missing, expired or revoked; sign in again");
  if (
    !SAFE_METHODS.has(request.method.toUpperCase()) &&
    !tokenMatches(deps.sessions.csrfToken(session.session.id), request.headers.get(CSRF_HEADER))
  ) {
    throw new AppError("csrf_failed", "Cookie-authenticated writes need the X-CSRF-Token header from GET /v1/me");
  }
  const found = await userPrincipal(deps, session.user.id, request.headers.get(SESSION_PROJECT_HEADER), options);
  return { principal: found.principal, session };
}

/**
 * A signed-in person's principal (a session, or an OAuth token for /v1/mcp): the project `wanted` names, else
 * their only project; the role is their membership role in that project's organization, read now.
 * @throws project_required, not_found (no membership for the project).
 */
export async function userPrincipal(
  deps: Pick<Deps, "db" | "config" | "caches">,
  userId: string,
  wanted: string | null,
  options: { projectOptional?: boolean } = {},
): Promise<{ principal: Principal }> {
  const base = { kind: "session" as const, keyId: `user:${userId}`, publicKey: "", userId };
  const access = await Tenancy.accessOf(deps, userId);
  const reachable = access.flatMap((org) =>
    org.projects.map((p) => ({ projectId: p.id, orgId: org.id, role: org.role })),
  );
  if (wanted) {
    const chosen = reachable.find((p) => p.projectId === wanted);
    // Same answer as another project's key: the project's existence is not disclosed.
    if (!chosen) throw notFound("project", wanted);
    return { principal: { ...base, ...chosen } };
  }
  if (reachable.length === 1) return { principal: { ...base, ...reachable[0]! } };
  if (options.projectOptional) return { principal: { ...base, projectId: "", orgId: "", role: "VIEWER" } };
  throw new AppError("project_required", "Choose a project with the X-Sightline-Project header");
}
