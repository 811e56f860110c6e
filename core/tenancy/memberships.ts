import { and, eq, ne } from "drizzle-orm";
import * as Audit from "../audit";
import type { Db } from "../platform/db";
import type { Deps } from "../platform/deps";
import { conflict, notFound } from "../platform/errors";
import type { Principal } from "../platform/principal";
import type { Role } from "../platform/roles";
import { afterAccessWrite } from "./access-cache";
import { ensureUserRow, normalizeEmail } from "./invitations";
import { guardRoleChange } from "./role-guard";
import { invitations, memberships, users } from "./tenancy.sql";

export interface MembershipView {
  email: string;
  role: Role;
  createdAt: string;
  /** `invited`: a pending invitation, which becomes a membership once the person proves the address. */
  status: "active" | "invited";
}

/**
 * The account whose email is `email` and verified, or null (none, or not verified). core/auth answers it; the
 * caller passes it in, because tenancy does not read better-auth's tables.
 */
export type ProvenAccount = (db: Db, email: string) => Promise<string | null>;

type Tx = Pick<Deps, "db" | "clock" | "ids" | "caches">;

/** Members of the caller's organization and its pending invitations, by email. */
export async function listMemberships(deps: Pick<Deps, "db">, principal: Principal): Promise<MembershipView[]> {
  const active = await deps.db
    .select({ email: users.email, role: memberships.role, createdAt: memberships.createdAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.orgId, principal.orgId));
  const invited = await deps.db
    .select({ email: invitations.email, role: invitations.role, createdAt: invitations.createdAt })
    .from(invitations)
    .where(eq(invitations.orgId, principal.orgId));
  const views = [
    ...active.map((r) => ({ ...r, status: "active" as const })),
    ...invited.map((r) => ({ ...r, status: "invited" as const })),
  ];
  return views
    .sort((a, b) => a.email.localeCompare(b.email) || a.status.localeCompare(b.status))
    .map((r) => ({ email: r.email, role: r.role, createdAt: r.createdAt.toISOString(), status: r.status }));
}

async function ownersBesides(db: Db, orgId: string, userId: string) {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.orgId, orgId), eq(memberships.role, "OWNER"), ne(memberships.userId, userId)));
  return rows.length;
}

async function memberByEmail(db: Db, orgId: string, email: string) {
  const [row] = await db
    .select({ userId: memberships.userId, role: memberships.role, createdAt: memberships.createdAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.orgId, orgId), eq(users.email, email)));
  return row;
}

const invitationOf = (orgId: string, email: string) => and(eq(invitations.orgId, orgId), eq(invitations.email, email));

/**
 * Adds a person to the organization or changes their role (docs/auth.md, "Invitations and proven addresses"): a
 * member's role changes at once; an email whose account has a verified address becomes a member at once; any other
 * email gets a pending invitation (or its role changed), which becomes a membership when the person proves the
 * address. An invitation never attaches to an account whose address is unproven.
 * @throws forbidden when the caller may not grant or change that role (role-guard.ts); conflict when it would leave
 * the organization without an owner.
 */
export async function putMembership(
  deps: Tx,
  principal: Principal,
  input: { email: string; role: Role },
  provenAccount: ProvenAccount,
): Promise<MembershipView> {
  const email = normalizeEmail(input.email);
  return afterAccessWrite(deps, () =>
    deps.db.transaction(async (db) => {
      const now = deps.clock.now();
      const member = await memberByEmail(db, principal.orgId, email);
      const [invited] = member
        ? []
        : await db.select({ role: invitations.role }).from(invitations).where(invitationOf(principal.orgId, email));
      // A pending invitation is guarded like the membership it becomes: only a signed-in OWNER makes or changes an OWNER one.
      guardRoleChange(principal, member?.role ?? invited?.role ?? null, input.role);
      const userId = member?.userId ?? (await provenAccount(db, email));
      if (!userId) return invite(deps, db, principal, email, input.role, now);
      if (
        member?.role === "OWNER" &&
        input.role !== "OWNER" &&
        (await ownersBesides(db, principal.orgId, userId)) === 0
      ) {
        throw conflict("An organization keeps at least one OWNER");
      }
      if (!member) await ensureUserRow(db, userId, email, now);
      const [row] = await db
        .insert(memberships)
        .values({ orgId: principal.orgId, userId, role: input.role, createdAt: now })
        .onConflictDoUpdate({ target: [memberships.orgId, memberships.userId], set: { role: input.role } })
        .returning();
      // A proven person needs no invitation: one left from before the proof goes with this change.
      await db.delete(invitations).where(invitationOf(principal.orgId, email));
      await Audit.recordChange({ ...deps, db }, principal, {
        action: member ? "membership.updated" : "membership.created",
        target: { type: "membership", id: email },
        details: { role: input.role, previousRole: member?.role ?? null },
      });
      return { email, role: row!.role, createdAt: row!.createdAt.toISOString(), status: "active" };
    }),
  );
}

/** Creates a pending invitation or changes its role; its creation time and inviter stay. */
async function invite(
  deps: Tx,
  db: Db,
  principal: Principal,
  email: string,
  role: Role,
  now: Date,
): Promise<MembershipView> {
  const [current] = await db.select().from(invitations).where(invitationOf(principal.orgId, email));
  const [row] = await db
    .insert(invitations)
    .values({ orgId: principal.orgId, email, role, invitedBy: principal.keyId, createdAt: now })
    .onConflictDoUpdate({ target: [invitations.orgId, invitations.email], set: { role } })
    .returning();
  await Audit.recordChange({ ...deps, db }, principal, {
    action: current ? "membership.updated" : "membership.created",
    target: { type: "membership", id: email },
    details: { role, previousRole: current?.role ?? null, status: "invited" },
  });
  return { email, role: row!.role, createdAt: row!.createdAt.toISOString(), status: "invited" };
}

/**
 * Removes a person from the organization, or withdraws their pending invitation.
 * @throws not_found when they are neither a member nor invited; forbidden when they (or their invitation) rank above
 * the caller or are an OWNER and the caller is not a signed-in OWNER; conflict for the last OWNER.
 */
export async function deleteMembership(
  deps: Tx,
  principal: Principal,
  input: { email: string },
): Promise<{ email: string }> {
  const email = normalizeEmail(input.email);
  return afterAccessWrite(deps, () =>
    deps.db.transaction(async (db) => {
      const member = await memberByEmail(db, principal.orgId, email);
      const [invited] = await db.delete(invitations).where(invitationOf(principal.orgId, email)).returning();
      if (!member && !invited) throw notFound("membership", email);
      guardRoleChange(principal, member?.role ?? invited!.role, null);
      if (member) {
        if (member.role === "OWNER" && (await ownersBesides(db, principal.orgId, member.userId)) === 0)
          throw conflict("An organization keeps at least one OWNER");
        await db
          .delete(memberships)
          .where(and(eq(memberships.orgId, principal.orgId), eq(memberships.userId, member.userId)));
      }
      await Audit.recordChange({ ...deps, db }, principal, {
        action: "membership.deleted",
        target: { type: "membership", id: email },
        details: member ? { role: member.role } : { role: invited!.role, status: "invited" },
      });
      return { email };
    }),
  );
}
