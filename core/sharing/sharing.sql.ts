import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, tsz } from "../platform/columns";

/** A link that shows one trace read-only without signing in (docs/sharing.md); the token itself is never stored. */
export const shareLinks = pgTable(
  "share_links",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").notNull(),
    traceId: text("trace_id").notNull(),
    /** Lowercase hex SHA-256 of the token; the token is shown once, when the link is made. */
    tokenHash: text("token_hash").notNull().unique(),
    /** The principal's key id: an API key's id, or `user:<id>` for a signed-in person. */
    createdBy: text("created_by").notNull(),
    expiresAt: tsz("expires_at"),
    revokedAt: tsz("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("share_links_trace_idx").on(t.projectId, t.traceId)],
);
