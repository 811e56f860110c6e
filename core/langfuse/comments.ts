import * as z from "zod";
import * as Comments from "../comments";
import type { Deps } from "../platform/deps";
import { invalid } from "../platform/errors";
import type { Principal } from "../platform/principal";
import { PageQuery, pageMeta, pageOffset } from "./page";

/** Langfuse sends object types in either case (`trace`, `TRACE`). */
const ObjectType = z
  .string()
  .transform((s) => s.toUpperCase())
  .pipe(z.enum(Comments.OBJECT_TYPES, { message: `objectType must be one of ${Comments.OBJECT_TYPES.join(", ")}` }));

export const LfCreateCommentBody = z.object({
  projectId: z.string().nullish(),
  objectType: ObjectType,
  objectId: z.string(),
  content: z.string(),
  authorUserId: z.string().nullish(),
});

export const LfCommentsQuery = PageQuery.extend({
  objectType: ObjectType.optional(),
  objectId: z.string().optional(),
  authorUserId: z.string().optional(),
}).refine((q) => q.objectId === undefined || q.objectType !== undefined, {
  message: "objectType is required when objectId is given",
  path: ["objectType"],
});

export const LfComment = z.object({
  id: z.string(),
  projectId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  objectType: z.enum(Comments.OBJECT_TYPES),
  objectId: z.string(),
  content: z.string(),
  authorUserId: z.string().nullable(),
});

/** A comment in Langfuse's shape: the author is a person's user id, or null when an API key wrote it. */
export const lfComment = (c: Comments.CommentView, projectId: string): z.infer<typeof LfComment> => ({
  id: c.id,
  projectId,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
  objectType: c.objectType,
  objectId: c.objectId,
  content: c.body,
  authorUserId: c.author.type === "user" ? c.author.id : null,
});

/**
 * `POST /api/public/comments` onto `POST /v1/comments`: the author is the calling key (it alone may edit or delete
 * the comment), so `authorUserId` is not taken (docs/langfuse.md, "Comments").
 * @throws invalid_input for another project's id or a body the comment rules refuse; not_found for an unknown object.
 */
export async function createLfComment(
  deps: Parameters<typeof Comments.createComment>[0],
  principal: Principal,
  b: z.infer<typeof LfCreateCommentBody>,
) {
  if (b.projectId && b.projectId !== principal.projectId)
    throw invalid(`Invalid body.projectId: the key belongs to project '${principal.projectId}'`);
  const parsed = Comments.CreateCommentBody.safeParse({
    objectType: b.objectType,
    objectId: b.objectId,
    body: b.content,
  });
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    const field = first.path[0] === "body" ? "content" : first.path.join(".");
    throw invalid(`Invalid body.${field}: ${first.message}`, parsed.error.issues);
  }
  const comment = await Comments.createComment(deps, principal, parsed.data);
  return { id: comment.id };
}

export async function listLfComments(deps: Pick<Deps, "db">, principal: Principal, q: z.infer<typeof LfCommentsQuery>) {
  const page = await Comments.pageComments(deps, principal, q, { offset: pageOffset(q), limit: q.limit });
  return { data: page.data.map((c) => lfComment(c, principal.projectId)), meta: pageMeta(q, page.totalItems) };
}

export async function getLfComment(deps: Pick<Deps, "db">, principal: Principal, id: string) {
  return lfComment(await Comments.getComment(deps, principal, id), principal.projectId);
}
