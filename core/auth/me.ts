import type { Deps } from "../platform/deps";
import type { Principal } from "../platform/principal";
import * as Tenancy from "../tenancy";
import type { SessionVerifier, SessionView } from "./cookie-session";

type Organization = { id: string; name: string; role: string; projects: { id: string; name: string }[] };

/** What `GET /v1/me` answers (docs/auth.md, "GET /v1/me"): the console's view of who is signed in. */
export type Me =
  | { user: SessionView["user"]; organizations: Organization[]; csrfToken: string }
  | { key: { publicKey: string; role: string; projectId: string }; organizations: Organization[] };

/** Describes the caller: a person with every organization they belong to, or a key with its one project. */
export async function describeCaller(
  deps: Pick<Deps, "db" | "config" | "caches"> & { sessions: SessionVerifier },
  principal: Principal,
  session: SessionView | null,
): Promise<Me> {
  if (principal.kind === "session" && session) {
    const organizations = await Tenancy.accessOf(deps, session.user.id);
    return { user: session.user, organizations, csrfToken: deps.sessions.csrfToken(session.session.id) };
  }
  const org = await Tenancy.keyOrganization(deps, principal.projectId);
  return {
    key: { publicKey: principal.publicKey, role: principal.role, projectId: principal.projectId },
    organizations: org ? [{ id: org.id, name: org.name, role: principal.role, projects: [org.project] }] : [],
  };
}
