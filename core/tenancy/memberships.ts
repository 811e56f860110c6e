import { and, asc, eq, ne } from "drizzle-orm";
import * as Audit from "../audit";
import type { Deps } from "../platform/deps";
import { conflict, notFound } from "../platform/errors";
import type { Principal } from "../platform/principal";
import type { Role } from "../platform/roles";
import { afterAccessWrite } from "./access-cache";
import { guardRoleChange } from "./role-guard";
import { memberships, users } from "./tenancy.sql";

export interface MembershipView {
  email: string;
  role: Role;
  createdAt: string;
}

type Tx = Pick<Deps, "db" | "clock" | "ids" | "caches">;

/** Members of the caller's organization, by email. */
export async function listMemberships(deps: Pick<Deps, "db">, principal: Principal): Promise<MembershipView[]> {
  const rows = await deps.db
    .select({ email: users.email, role: memberships.role, createdAt: memberships.createdAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.orgId, principal.orgId))
    .orderBy(asc(users.email));
  return rows.map((r) => ({ email: r.email, role: r.role, createdAt: r.createdAt.toISOString() }));
}

async function ownersBesides(db: Deps["db"], orgId: string, userId: string) {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.orgId, orgId), eq(memberships.role, "OWNER"), ne(memberships.userId, userId)));
  return rows.length;
}

/**
 * Adds a person to the organization or changes their role; applies at once.
 * @throws forbidden when the caller may not grant or change that role (role-guard.ts); conflict when it would leave
 * the organization without an owner.
 */
export async function putMembership(deps: Tx, principal: Principal, input: { email: string; role: Role }): Promise<MembershipView> {
  const email = input.email.trim().toLowerCase();
  return afterAccessWrite(deps, () => deps.db.transaction(async (db) => {
    const now = deps.clock.now();
    await db.insert(users).values({ id: deps.ids.uuid(), email, createdAt: now }).onConflictDoNothing({ target: users.email });
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const [current] = await db.select().from(memberships).where(and(eq(memberships.orgId, principal.orgId), eq(memberships.userId, user!.id)));
    guardRoleChange(principal, current?.role ?? null, input.role);
    if (current?.role === "OWNER" && input.role !== "OWNER" && (await ownersBesides(db, principal.orgId, user!.id)) === 0) {
      throw conflict("An organization keeps at least one OWNER");
    }
    const [row] = await db
      .insert(memberships)
      .values({ orgId: principal.orgId, userId: user!.id, role: input.role, createdAt: now })
      .onConflictDoUpdate({ target: [memberships.orgId, memberships.userId], set: { role: input.role } })
      .returning();
    await Audit.recordChange({ ...deps, db }, principal, {
      action: current ? "membership.updated" : "membership.created",
      target: { type: "membership", id: email },
      details: { role: input.role, previousRole: current?.role ?? null },
    });
    return { email, role: row!.role, createdAt: row!.createdAt.toISOString() };
  }));
}

/**
 * Removes a person from the organization.
 * @throws not_found when they are not a member; forbidden when they rank above the caller or are an OWNER and the
 * caller is not a signed-in OWNER; conflict for the last OWNER.
 */
export async function deleteMembership(deps: Tx, principal: Principal, input: { email: string }): Promise<{ email: string }> {
  const email = input.email.trim().toLowerCase();
  return afterAccessWrite(deps, () => deps.db.transaction(async (db) => {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const [current] = user ? await db.select().from(memberships).where(and(eq(memberships.orgId, principal.orgId), eq(memberships.userId, user.id))) : [];
    if (!user || !current) throw notFound("membership", email);
    guardRoleChange(principal, current.role, null);
    if (current.role === "OWNER" && (await ownersBesides(db, principal.orgId, user.id)) === 0) throw conflict("An organization keeps at least one OWNER");
    await db.delete(memberships).where(and(eq(memberships.orgId, principal.orgId), eq(memberships.userId, user.id)));
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "membership.deleted",
      target: { type: "membership", id: email },
      details: { role: current.role },
    });
    return { email };
  }));
}
