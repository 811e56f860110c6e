import { and, asc, count, eq } from "drizzle-orm";
import * as Audit from "../audit";
import type { Db } from "../platform/db";
import type { Deps } from "../platform/deps";
import { afterAccessWrite } from "./access-cache";
import { ensureUserRow, firstProject, isInvited, normalizeEmail } from "./invitations";
import { memberships, organizations, projects } from "./tenancy.sql";

async function bootstrapOrg(db: Db, orgName: string) {
  const [org] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.name, orgName))
    .orderBy(asc(organizations.createdAt))
    .limit(1);
  return org;
}

async function hasOwner(db: Db, orgId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.orgId, orgId), eq(memberships.role, "OWNER")));
  return (row?.n ?? 0) > 0;
}

/** Whether the first-owner rule is still open: the bootstrap organization exists and has no OWNER (docs/auth.md, "Sign-up"). */
export async function awaitsFirstOwner(deps: Pick<Deps, "db">, orgName: string): Promise<boolean> {
  const org = await bootstrapOrg(deps.db, orgName);
  return Boolean(org) && !(await hasOwner(deps.db, org!.id));
}

/**
 * Whether `email` may create an account (docs/auth.md, "Sign-up"). With sign-up open, anyone; with it closed, an
 * email with a pending invitation (the account then waits for the address to be proven before it becomes a
 * member), and the first person while the bootstrap organization has no OWNER. The account always gets a fresh id:
 * an invitation names an email, never an account.
 */
export async function admitSignUp(
  deps: Pick<Deps, "db">,
  email: string,
  policy: { signup: "open" | "closed"; orgName: string },
): Promise<{ allowed: boolean }> {
  if (policy.signup === "open") return { allowed: true };
  if (await isInvited(deps.db, email)) return { allowed: true };
  return { allowed: await awaitsFirstOwner(deps, policy.orgName) };
}

/**
 * Gives a new account its place: the first person becomes OWNER of the bootstrap organization; a person whose email
 * has a pending invitation gets nothing of their own (the invitation is what they came for, and it becomes a
 * membership once they prove the address); anyone else gets an organization of their own with a `default`
 * project. Returns whether the person became the bootstrap organization's first OWNER (the instance administrator).
 */
export async function claimSignUp(
  deps: Pick<Deps, "db" | "clock" | "ids" | "caches">,
  person: { userId: string; email: string },
  policy: { orgName: string; projectName: string },
): Promise<{ firstOwner: boolean }> {
  return afterAccessWrite(deps, () =>
    deps.db.transaction(async (db) => {
      const tx = { ...deps, db };
      const now = deps.clock.now();
      const email = normalizeEmail(person.email);
      await ensureUserRow(db, person.userId, email, now);
      const org = await bootstrapOrg(db, policy.orgName);
      if (org && !(await hasOwner(db, org.id))) {
        await db
          .insert(memberships)
          .values({ orgId: org.id, userId: person.userId, role: "OWNER", createdAt: now })
          .onConflictDoUpdate({ target: [memberships.orgId, memberships.userId], set: { role: "OWNER" } });
        const projectId = await firstProject(db, org.id);
        if (projectId)
          await Audit.recordChange(
            tx,
            { projectId, system: "sign-up" },
            {
              action: "membership.created",
              target: { type: "membership", id: email },
              details: { role: "OWNER", previousRole: null },
            },
          );
        return { firstOwner: true };
      }
      if (await isInvited(db, email)) return { firstOwner: false };
      const orgId = deps.ids.uuid();
      const projectId = deps.ids.uuid();
      await db.insert(organizations).values({ id: orgId, name: email, createdAt: now });
      await db.insert(projects).values({ id: projectId, orgId, name: "default", createdAt: now });
      await db.insert(memberships).values({ orgId, userId: person.userId, role: "OWNER", createdAt: now });
      await Audit.recordChange(
        tx,
        { projectId, system: "sign-up" },
        {
          action: "membership.created",
          target: { type: "membership", id: email },
          details: { role: "OWNER", previousRole: null },
        },
      );
      return { firstOwner: false };
    }),
  );
}
