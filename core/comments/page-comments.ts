import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Deps } from "../platform/deps";
import type { Principal } from "../platform/principal";
import type { CommentView, ObjectType } from "./comments.schema";
import { comments } from "./comments.sql";
import { views } from "./manage-comments";

export interface CommentFilter {
  objectType?: ObjectType;
  objectId?: string;
  /** A person's user id: only the comments they wrote (API keys' comments have no person). */
  authorUserId?: string;
}

/**
 * One page of the project's comments, newest first, by offset, with their number: the page-numbered list of the
 * Langfuse-compatible API (docs/langfuse.md, "Comments"). Unlike a thread, the object need not exist.
 */
export async function pageComments(
  deps: Pick<Deps, "db">,
  principal: Principal,
  f: CommentFilter,
  page: { offset: number; limit: number },
): Promise<{ data: CommentView[]; totalItems: number }> {
  const where: SQL[] = [eq(comments.projectId, principal.projectId)];
  if (f.objectType) where.push(eq(comments.objectType, f.objectType));
  if (f.objectId) where.push(eq(comments.objectId, f.objectId));
  if (f.authorUserId !== undefined) where.push(eq(comments.author, `user:${f.authorUserId}`));
  const [total] = await deps.db
    .select({ n: count() })
    .from(comments)
    .where(and(...where));
  const rows = await deps.db
    .select()
    .from(comments)
    .where(and(...where))
    .orderBy(desc(comments.seq))
    .limit(page.limit)
    .offset(page.offset);
  return { data: await views(deps.db, rows, principal.keyId), totalItems: Number(total?.n ?? 0) };
}
