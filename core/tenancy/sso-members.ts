import { and, asc, eq } from "drizzle-orm";
import * as Audit from "../audit";
import type { Deps } from "../platform/deps";
import type { Role } from "../platform/roles";
import { afterAccessWrite } from "./access-cache";
import { memberships, projects, users } from "./tenancy.sql";

/**
 * Invites a person an organization's SSO provider is about to sign up (docs/auth.md, "SSO"): a `users` row for the
 * email and a membership with the provider's default role, unless they already belong to the organization. The
 * sign-up rule then admits them as any invited person, even with sign-up closed, and gives them no organization of
 * their own. Returns the person's id.
 */
export async function inviteSsoMember(deps: Pick<Deps, "db" | "clock" | "ids" | "caches">, input: { orgId: string; email: string; role: Role; providerId: string }): Promise<string> {
  const email = input.email.trim().toLowerCase();
  return afterAccessWrite(deps, () => deps.db.transaction(async (db) => {
    const now = deps.clock.now();
    await db.insert(users).values({ id: deps.ids.uuid(), email, createdAt: now }).onConflictDoNothing({ target: users.email });
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const [created] = await db.insert(memberships).values({ orgId: input.orgId, userId: user!.id, role: input.role, createdAt: now }).onConflictDoNothing().returning();
    const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.orgId, input.orgId)).orderBy(asc(projects.createdAt)).limit(1);
    if (created && project) {
      await Audit.recordChange({ ...deps, db }, { projectId: project.id, system: "sso" }, { action: "membership.created", target: { type: "membership", id: email }, details: { role: input.role, previousRole: null, ssoProvider: input.providerId } });
    }
    return user!.id;
  }));
}

/** Whether the person holds a membership in the organization. */
export async function isMember(deps: Pick<Deps, "db">, orgId: string, userId: string): Promise<boolean> {
  const [row] = await deps.db.select({ userId: memberships.userId }).from(memberships).where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId)));
  return Boolean(row);
}
