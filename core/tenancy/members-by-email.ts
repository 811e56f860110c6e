import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../platform/db";
import { memberships, users } from "./tenancy.sql";

/** The user id of each email that is a member of the organization (pending invitations are not members). */
export async function membersByEmail(db: Db, orgId: string, emails: readonly string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ email: users.email, userId: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.orgId, orgId), inArray(users.email, [...emails])));
  return new Map(rows.map((r) => [r.email, r.userId]));
}

/** The email of each of the users `ids` (people; API keys have none). */
export async function emailsOfUsers(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.email]));
}
