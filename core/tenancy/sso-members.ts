import { and, eq } from "drizzle-orm";
import * as Audit from "../audit";
import type { Deps } from "../platform/deps";
import type { Role } from "../platform/roles";
import { firstProject, normalizeEmail } from "./invitations";
import { invitations, memberships, users } from "./tenancy.sql";

/**
 * Invites a person an organization's SSO provider is about to sign up (docs/auth.md, "SSO"): a pending invitation
 * for the email with the provider's default role, unless they already belong to the organization or are invited
 * to it. The sign-up rule then admits them as any invited person, even with sign-up closed, and gives them no
 * organization of their own; the invitation becomes a membership when the SSO sign-in makes their session
 * (docs/auth.md, "Invitations and proven addresses").
 */
export async function inviteSsoMember(
  deps: Pick<Deps, "db" | "clock" | "ids" | "caches">,
  input: { orgId: string; email: string; role: Role; providerId: string },
): Promise<void> {
  const email = normalizeEmail(input.email);
  await deps.db.transaction(async (db) => {
    const [member] = await db
      .select({ userId: memberships.userId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.orgId, input.orgId), eq(users.email, email)));
    if (member) return;
    const [created] = await db
      .insert(invitations)
      .values({
        orgId: input.orgId,
        email,
        role: input.role,
        invitedBy: `sso:${input.providerId}`,
        createdAt: deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    const projectId = created ? await firstProject(db, input.orgId) : null;
    if (projectId) {
      await Audit.recordChange(
        { ...deps, db },
        { projectId, system: "sso" },
        {
          action: "membership.created",
          target: { type: "membership", id: email },
          details: { role: input.role, previousRole: null, ssoProvider: input.providerId, status: "invited" },
        },
      );
    }
  });
}
