import { bigserial, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, jsonb, tsz } from "../platform/columns";

/** A comment on a trace, an observation, a session or a prompt version (docs/comments.md). */
export const comments = pgTable(
  "comments",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").notNull(),
    /** Thread order, and the list cursor. */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    /** Langfuse's object types, so a compatibility layer maps them one to one. */
    objectType: text("object_type", { enum: ["TRACE", "OBSERVATION", "SESSION", "PROMPT"] }).notNull(),
    objectId: text("object_id").notNull(),
    /** Markdown, as written; the console renders it without raw HTML. */
    body: text("body").notNull(),
    /** The principal's key id: an API key's id, or `user:<id>` for a signed-in person. Only this author edits or deletes. */
    author: text("author").notNull(),
    /** `[{userId, email}]`: members of the project's organization named in the comment. */
    mentions: jsonb("mentions").notNull(),
    createdAt: createdAt(),
    updatedAt: tsz("updated_at").notNull(),
  },
  (t) => [index("comments_object_idx").on(t.projectId, t.objectType, t.objectId, t.seq)],
);
