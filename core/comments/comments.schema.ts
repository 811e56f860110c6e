import * as z from "zod";
import { Limit } from "../platform/pagination";

/** Wire shapes of the comment endpoints (docs/comments.md). */

export const OBJECT_TYPES = ["TRACE", "OBSERVATION", "SESSION", "PROMPT"] as const;
export type ObjectType = (typeof OBJECT_TYPES)[number];
/** Longest comment body, in characters (Langfuse's limit too). */
export const MAX_BODY_CHARS = 5000;
export const MAX_MENTIONS = 20;

const ObjectId = z.string().min(1).max(1000);
const Body = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(MAX_BODY_CHARS, `must be at most ${MAX_BODY_CHARS} characters`);
const Mentions = z
  .array(z.string().trim().toLowerCase().email("must be an email address"))
  .max(MAX_MENTIONS)
  .optional()
  .describe("Emails of members of the project's organization to mention; `@<email>` in the body mentions a member too");

export const CreateCommentBody = z.object({
  objectType: z.enum(OBJECT_TYPES),
  objectId: ObjectId.describe(
    "A trace id, an observation id, a session id, or a prompt version's id (`id` of GET /v1/prompts/{name}?version=)",
  ),
  body: Body.describe(`Markdown, at most ${MAX_BODY_CHARS} characters`),
  mentions: Mentions,
});
export type CreateCommentInput = z.infer<typeof CreateCommentBody>;

export const UpdateCommentBody = z.object({ body: Body, mentions: Mentions });
export type UpdateCommentInput = z.infer<typeof UpdateCommentBody>;

export const CommentsQuery = z.object({
  objectType: z.enum(OBJECT_TYPES),
  objectId: ObjectId,
  limit: Limit,
  cursor: z.string().max(500).optional(),
});
export type CommentsQuery = z.infer<typeof CommentsQuery>;

export const CommentPath = z.object({ id: z.string().min(1).max(200) });

export const Mention = z.object({ userId: z.string(), email: z.string() });
export type Mention = z.infer<typeof Mention>;

export const CommentView = z.object({
  id: z.string(),
  objectType: z.enum(OBJECT_TYPES),
  objectId: z.string(),
  body: z.string(),
  author: z.object({
    type: z.enum(["user", "api_key"]),
    id: z.string().describe("The person's user id, or the API key's id"),
    email: z.string().nullable().describe("The person's email; null for an API key"),
  }),
  mentions: z.array(Mention),
  own: z.boolean().describe("Whether the caller wrote it, and so may edit or delete it"),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CommentView = z.infer<typeof CommentView>;
export const CommentList = z.object({ data: z.array(CommentView), nextCursor: z.string().nullable() });
