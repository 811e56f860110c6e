import { and, asc, eq, gt } from "drizzle-orm";
import * as z from "zod";
import * as Audit from "../audit";
import type { Db } from "../platform/db";
import type { Deps } from "../platform/deps";
import { forbidden, notFound } from "../platform/errors";
import { decodeCursor, encodeCursor, type Page } from "../platform/pagination";
import type { Principal } from "../platform/principal";
import * as Tenancy from "../tenancy";
import { requireObject } from "./commented-object";
import type { CommentsQuery, CommentView, CreateCommentInput, Mention, UpdateCommentInput } from "./comments.schema";
import { comments } from "./comments.sql";
import { resolveMentions } from "./mentions";

type Row = typeof comments.$inferSelect;
type WriteDeps = Pick<Deps, "db" | "telemetry" | "clock" | "ids">;

const PERSON = "user:";
const authorOf = (author: string) =>
  author.startsWith(PERSON)
    ? { type: "user" as const, id: author.slice(PERSON.length) }
    : { type: "api_key" as const, id: author };

/** The rows as answered to `viewer` (a principal's key id), whose own comments say so. */
export async function views(db: Db, rows: readonly Row[], viewer: string): Promise<CommentView[]> {
  const people = [
    ...new Set(
      rows
        .map((r) => authorOf(r.author))
        .filter((a) => a.type === "user")
        .map((a) => a.id),
    ),
  ];
  const emails = await Tenancy.emailsOfUsers(db, people);
  return rows.map((r) => {
    const author = authorOf(r.author);
    return {
      id: r.id,
      objectType: r.objectType,
      objectId: r.objectId,
      body: r.body,
      author: { ...author, email: author.type === "user" ? (emails.get(author.id) ?? null) : null },
      mentions: r.mentions as Mention[],
      own: r.author === viewer,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

/** What `comment.created` carries (docs/automations.md, "Events"). */
const eventData = (v: CommentView) => ({
  id: v.id,
  objectType: v.objectType,
  objectId: v.objectId,
  body: v.body,
  author: v.author,
  mentions: v.mentions.map((m) => m.email),
  createdAt: v.createdAt,
});

/**
 * Adds a comment to a stored object of the project, with its audit entry and its `comment.created` event in one
 * transaction. @throws not_found for an unknown object; invalid_input for a mention of a non-member.
 */
export async function createComment(
  deps: WriteDeps,
  principal: Principal,
  input: CreateCommentInput,
): Promise<CommentView> {
  await requireObject(deps, principal.projectId, input.objectType, input.objectId);
  const mentions = await resolveMentions(deps.db, principal.orgId, input.body, input.mentions);
  const now = deps.clock.now();
  return deps.db.transaction(async (db) => {
    const [row] = await db
      .insert(comments)
      .values({
        id: deps.ids.uuid(),
        projectId: principal.projectId,
        objectType: input.objectType,
        objectId: input.objectId,
        body: input.body,
        author: principal.keyId,
        mentions,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const [view] = await views(db, [row!], principal.keyId);
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "comment.created",
      target: { type: "comment", id: view!.id },
      details: { objectType: view!.objectType, objectId: view!.objectId },
      events: [{ type: "comment.created", payload: eventData(view!) }],
    });
    return view!;
  });
}

const Cursor = z.object({ seq: z.number().int() });

/** A thread: the object's comments, oldest first. @throws not_found for an unknown object. */
export async function listComments(
  deps: Pick<Deps, "db" | "telemetry">,
  principal: Principal,
  q: CommentsQuery,
): Promise<Page<CommentView>> {
  const { projectId } = principal;
  await requireObject(deps, projectId, q.objectType, q.objectId);
  const where = [
    eq(comments.projectId, projectId),
    eq(comments.objectType, q.objectType),
    eq(comments.objectId, q.objectId),
  ];
  if (q.cursor) where.push(gt(comments.seq, decodeCursor(q.cursor, Cursor).seq));
  const rows = await deps.db
    .select()
    .from(comments)
    .where(and(...where))
    .orderBy(asc(comments.seq))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  return {
    data: await views(deps.db, page, principal.keyId),
    nextCursor: rows.length > q.limit ? encodeCursor({ seq: page.at(-1)!.seq }) : null,
  };
}

async function findComment(db: Db, projectId: string, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.projectId, projectId), eq(comments.id, id)));
  if (!row) throw notFound("Comment", id);
  return row;
}

/** One comment of the project. @throws not_found */
export async function getComment(deps: Pick<Deps, "db">, principal: Principal, id: string): Promise<CommentView> {
  const [view] = await views(deps.db, [await findComment(deps.db, principal.projectId, id)], principal.keyId);
  return view!;
}

/** Only the principal that wrote a comment changes it: the same API key, or the same person (docs/comments.md, "Authors"). */
function requireAuthor(principal: Principal, row: Row): void {
  if (row.author !== principal.keyId) throw forbidden("Only the author of a comment may edit or delete it");
}

/** Replaces the body (and mentions) of the caller's own comment. @throws not_found; forbidden for another author's comment. */
export async function updateComment(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  principal: Principal,
  id: string,
  input: UpdateCommentInput,
): Promise<CommentView> {
  requireAuthor(principal, await findComment(deps.db, principal.projectId, id));
  const mentions = await resolveMentions(deps.db, principal.orgId, input.body, input.mentions);
  return deps.db.transaction(async (db) => {
    const [row] = await db
      .update(comments)
      .set({ body: input.body, mentions, updatedAt: deps.clock.now() })
      .where(and(eq(comments.projectId, principal.projectId), eq(comments.id, id)))
      .returning();
    if (!row) throw notFound("Comment", id);
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "comment.updated",
      target: { type: "comment", id },
      details: { objectType: row.objectType, objectId: row.objectId },
    });
    return (await views(db, [row], principal.keyId))[0]!;
  });
}

/** Deletes the caller's own comment. @throws not_found; forbidden for another author's comment. */
export async function deleteComment(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  principal: Principal,
  id: string,
): Promise<{ id: string; deleted: true }> {
  const row = await findComment(deps.db, principal.projectId, id);
  requireAuthor(principal, row);
  await deps.db.transaction(async (db) => {
    await db.delete(comments).where(and(eq(comments.projectId, principal.projectId), eq(comments.id, id)));
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "comment.deleted",
      target: { type: "comment", id },
      details: { objectType: row.objectType, objectId: row.objectId },
    });
  });
  return { id, deleted: true };
}
