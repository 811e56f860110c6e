import { and, asc, count, eq, sql } from "drizzle-orm";
import * as Audit from "../audit";
import type { Db } from "../platform/db";
import type { Deps } from "../platform/deps";
import { ACCESS_SCOPE, afterAccessWrite } from "./access-cache";
import type { Role } from "../platform/roles";
import { memberships, organizations, projects, users } from "./tenancy.sql";

/** An organization a person belongs to, with their role and its projects. */
export interface OrganizationAccess {
  id: string;
  name: string;
  role: Role;
  projects: { id: string; name: string }[];
}

/**
 * The organizations, roles and projects of a person, as of now. On a shared Postgres it is read on every call; on a
 * store this process owns, from memory while no access write happened since (access-cache.ts), which is as exact.
 */
export async function accessOf(deps: Pick<Deps, "db" | "config" | "caches">, userId: string): Promise<OrganizationAccess[]> {
  if (!deps.config.ownsRelationalStore) return grouped(await accessLookup(deps.db).execute({ userId }));
  const cache = deps.caches.of<OrganizationAccess[]>(ACCESS_SCOPE);
  // Taken before the read: an entry read across a write is never served (core/platform/cache.ts).
  const generation = deps.caches.generation(ACCESS_SCOPE);
  const hit = cache.get(userId, generation);
  if (hit) return structuredClone(hit);
  const access = grouped(await accessLookup(deps.db).execute({ userId }));
  cache.set(userId, generation, access);
  return structuredClone(access);
}

/** The read runs on every session request: prepared once per database handle so Postgres plans it once. */
const prepared = new WeakMap<Db, ReturnType<typeof prepareAccessLookup>>();

function prepareAccessLookup(db: Db) {
  return db
    .select({ orgId: organizations.id, orgName: organizations.name, role: memberships.role, projectId: projects.id, projectName: projects.name })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.orgId))
    .leftJoin(projects, eq(projects.orgId, memberships.orgId))
    .where(eq(memberships.userId, sql.placeholder("userId")))
    .orderBy(asc(organizations.createdAt), asc(organizations.id), asc(projects.createdAt), asc(projects.id))
    .prepare("access_of_user");
}

function accessLookup(db: Db) {
  let statement = prepared.get(db);
  if (!statement) prepared.set(db, (statement = prepareAccessLookup(db)));
  return statement;
}

function grouped(rows: { orgId: string; orgName: string; role: Role; projectId: string | null; projectName: string | null }[]): OrganizationAccess[] {
  const byOrg = new Map<string, OrganizationAccess>();
  for (const r of rows) {
    let org = byOrg.get(r.orgId);
    if (!org) byOrg.set(r.orgId, (org = { id: r.orgId, name: r.orgName, role: r.role, projects: [] }));
    if (r.projectId) org.projects.push({ id: r.projectId, name: r.projectName! });
  }
  return [...byOrg.values()];
}

/** The organization and project a key belongs to, for `GET /v1/me`. */
export async function keyOrganization(deps: Pick<Deps, "db">, projectId: string): Promise<{ id: string; name: string; project: { id: string; name: string } } | null> {
  const [row] = await deps.db
    .select({ orgId: organizations.id, orgName: organizations.name, projectName: projects.name })
    .from(projects)
    .innerJoin(organizations, eq(organizations.id, projects.orgId))
    .where(eq(projects.id, projectId));
  return row ? { id: row.orgId, name: row.orgName, project: { id: projectId, name: row.projectName } } : null;
}

async function bootstrapOrg(db: Deps["db"], orgName: string) {
  const [org] = await db.select().from(organizations).where(eq(organizations.name, orgName)).orderBy(asc(organizations.createdAt)).limit(1);
  return org;
}

async function hasOwner(db: Deps["db"], orgId: string) {
  const [row] = await db.select({ n: count() }).from(memberships).where(and(eq(memberships.orgId, orgId), eq(memberships.role, "OWNER")));
  return (row?.n ?? 0) > 0;
}

/** Whether the first-owner rule is still open: the bootstrap organization exists and has no OWNER (docs/auth.md, "Sign-up"). */
export async function awaitsFirstOwner(deps: Pick<Deps, "db">, orgName: string): Promise<boolean> {
  const org = await bootstrapOrg(deps.db, orgName);
  return Boolean(org) && !(await hasOwner(deps.db, org!.id));
}

/**
 * Whether `email` may create an account (docs/auth.md, "Sign-up"), and under which id: a person invited through
 * the memberships API keeps the id their memberships name. With sign-up closed only invited emails pass, and
 * the first person while the bootstrap organization has no OWNER.
 */
export async function admitSignUp(
  deps: Pick<Deps, "db">,
  email: string,
  policy: { signup: "open" | "closed"; orgName: string },
): Promise<{ allowed: true; userId?: string } | { allowed: false }> {
  const normalized = email.trim().toLowerCase();
  const [user] = await deps.db.select().from(users).where(eq(users.email, normalized));
  const [invited] = user ? await deps.db.select({ n: count() }).from(memberships).where(eq(memberships.userId, user.id)) : [];
  if (user && (invited?.n ?? 0) > 0) return { allowed: true, userId: user.id };
  if (policy.signup === "open") return { allowed: true, ...(user ? { userId: user.id } : {}) };
  const org = await bootstrapOrg(deps.db, policy.orgName);
  if (org && !(await hasOwner(deps.db, org.id))) return { allowed: true, ...(user ? { userId: user.id } : {}) };
  return { allowed: false };
}

/**
 * Gives a new account its place: the first person becomes OWNER of the bootstrap organization; an invited
 * person keeps their memberships; anyone else gets an organization of their own with a `default` project.
 * Returns whether the person became the bootstrap organization's first OWNER (the instance administrator).
 */
export async function claimSignUp(deps: Pick<Deps, "db" | "clock" | "ids" | "caches">, person: { userId: string; email: string }, policy: { orgName: string; projectName: string }): Promise<{ firstOwner: boolean }> {
  return afterAccessWrite(deps, () => deps.db.transaction(async (db) => {
    const tx = { ...deps, db };
    const now = deps.clock.now();
    const email = person.email.trim().toLowerCase();
    await db.insert(users).values({ id: person.userId, email, createdAt: now }).onConflictDoNothing({ target: users.email });
    const org = await bootstrapOrg(db, policy.orgName);
    if (org && !(await hasOwner(db, org.id))) {
      await db.insert(memberships).values({ orgId: org.id, userId: person.userId, role: "OWNER", createdAt: now }).onConflictDoUpdate({ target: [memberships.orgId, memberships.userId], set: { role: "OWNER" } });
      const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.orgId, org.id)).orderBy(asc(projects.createdAt)).limit(1);
      if (project) await Audit.recordChange(tx, { projectId: project.id, system: "sign-up" }, { action: "membership.created", target: { type: "membership", id: email }, details: { role: "OWNER", previousRole: null } });
      return { firstOwner: true };
    }
    const [member] = await db.select({ n: count() }).from(memberships).where(eq(memberships.userId, person.userId));
    if ((member?.n ?? 0) > 0) return { firstOwner: false };
    const orgId = deps.ids.uuid();
    const projectId = deps.ids.uuid();
    await db.insert(organizations).values({ id: orgId, name: email, createdAt: now });
    await db.insert(projects).values({ id: projectId, orgId, name: "default", createdAt: now });
    await db.insert(memberships).values({ orgId, userId: person.userId, role: "OWNER", createdAt: now });
    await Audit.recordChange(tx, { projectId, system: "sign-up" }, { action: "membership.created", target: { type: "membership", id: email }, details: { role: "OWNER", previousRole: null } });
    return { firstOwner: false };
  }));
}
