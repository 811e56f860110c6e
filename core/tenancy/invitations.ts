import { and, asc, eq, ne, sql } from "drizzle-orm";
import * as Audit from "../audit";
import type { Db } from "../platform/db";
import type { Deps } from "../platform/deps";
import { afterAccessWrite } from "./access-cache";
import { invitations, memberships, projects, users } from "./tenancy.sql";

/** The lower-cased, trimmed form every email is stored in. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Whether `email` has a pending invitation to any organization. */
export async function isInvited(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ orgId: invitations.orgId })
    .from(invitations)
    .where(eq(invitations.email, normalizeEmail(email)))
    .limit(1);
  return Boolean(row);
}

/** The first project of an organization, which its audit entries belong to; null for an organization without one. */
export async function firstProject(db: Db, orgId: string): Promise<string | null> {
  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.orgId, orgId))
    .orderBy(asc(projects.createdAt))
    .limit(1);
  return project?.id ?? null;
}

/**
 * Makes sure the person `userId` has the `users` row memberships name. A row that holds the email under another id
 * belongs to no account (account emails are unique): an invitation from before the `invitations` table, or a removed
 * account. Its memberships become pending invitations, so whoever holds the address now gets them only by proving
 * it (docs/auth.md, "Invitations and proven addresses"), and the row goes.
 */
export async function ensureUserRow(db: Db, userId: string, email: string, now: Date): Promise<void> {
  const [stale] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)));
  if (stale) {
    await db.execute(sql`insert into ${invitations} (org_id, email, role, invited_by, created_at)
      select ${memberships.orgId}, ${email}, ${memberships.role}, null, ${memberships.createdAt} from ${memberships} where ${memberships.userId} = ${stale.id}
      on conflict do nothing`);
    await db.delete(users).where(eq(users.id, stale.id));
  }
  await db.insert(users).values({ id: userId, email, createdAt: now }).onConflictDoNothing({ target: users.id });
}

/**
 * Turns the pending invitations of a proven address into memberships
 * (docs/auth.md, "Invitations and proven addresses"): called when a session is made for an account whose email is
 * verified, and when an account's email becomes verified. One transaction; the rows are claimed by deleting them,
 * so two sign-ins at once accept each invitation once. An organization the person already belongs to keeps their
 * current role. Returns how many memberships were made.
 */
export async function acceptInvitations(
  deps: Pick<Deps, "db" | "clock" | "ids" | "caches">,
  person: { userId: string; email: string },
): Promise<number> {
  const email = normalizeEmail(person.email);
  // Most sessions find none: no access write then, so the in-process access cache stays warm.
  if (!(await isInvited(deps.db, email))) return 0;
  return afterAccessWrite(deps, () =>
    deps.db.transaction(async (db) => {
      const now = deps.clock.now();
      const claimed = await db.delete(invitations).where(eq(invitations.email, email)).returning();
      if (claimed.length === 0) return 0;
      await ensureUserRow(db, person.userId, email, now);
      let made = 0;
      for (const invitation of claimed) {
        const [created] = await db
          .insert(memberships)
          .values({ orgId: invitation.orgId, userId: person.userId, role: invitation.role, createdAt: now })
          .onConflictDoNothing()
          .returning();
        if (!created) continue;
        made++;
        const projectId = await firstProject(db, invitation.orgId);
        if (projectId) {
          await Audit.recordChange(
            { ...deps, db },
            { projectId, system: "invitation" },
            {
              action: "membership.created",
              target: { type: "membership", id: email },
              details: { role: invitation.role, previousRole: null, invitedBy: invitation.invitedBy },
            },
          );
        }
      }
      return made;
    }),
  );
}
