import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../platform/db";
import type { Deps } from "../platform/deps";
import type { Role } from "../platform/roles";
import { ACCESS_SCOPE } from "./access-cache";
import { memberships, organizations, projects } from "./tenancy.sql";

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
export async function accessOf(
  deps: Pick<Deps, "db" | "config" | "caches">,
  userId: string,
): Promise<OrganizationAccess[]> {
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
    .select({
      orgId: organizations.id,
      orgName: organizations.name,
      role: memberships.role,
      projectId: projects.id,
      projectName: projects.name,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.orgId))
    .leftJoin(projects, eq(projects.orgId, memberships.orgId))
    .where(eq(memberships.userId, sql.placeholder("userId")))
    .orderBy(asc(organizations.createdAt), asc(organizations.id), asc(projects.createdAt), asc(projects.id))
    .prepare("access_of_user");
}

function accessLookup(db: Db) {
  let statement = prepared.get(db);
  if (!statement) {
    statement = prepareAccessLookup(db);
    prepared.set(db, statement);
  }
  return statement;
}

function grouped(
  rows: { orgId: string; orgName: string; role: Role; projectId: string | null; projectName: string | null }[],
): OrganizationAccess[] {
  const byOrg = new Map<string, OrganizationAccess>();
  for (const r of rows) {
    let org = byOrg.get(r.orgId);
    if (!org) {
      org = { id: r.orgId, name: r.orgName, role: r.role, projects: [] };
      byOrg.set(r.orgId, org);
    }
    if (r.projectId) org.projects.push({ id: r.projectId, name: r.projectName! });
  }
  return [...byOrg.values()];
}

/** The organization and project a key belongs to, for `GET /v1/me`. */
export async function keyOrganization(
  deps: Pick<Deps, "db">,
  projectId: string,
): Promise<{ id: string; name: string; project: { id: string; name: string } } | null> {
  const [row] = await deps.db
    .select({ orgId: organizations.id, orgName: organizations.name, projectName: projects.name })
    .from(projects)
    .innerJoin(organizations, eq(organizations.id, projects.orgId))
    .where(eq(projects.id, projectId));
  return row ? { id: row.orgId, name: row.orgName, project: { id: projectId, name: row.projectName } } : null;
}
