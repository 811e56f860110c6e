import { bigint, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, tsz } from "../platform/columns";

/**
 * One media file of a project (docs/media.md). The id is derived from the bytes' SHA-256 as Langfuse's SDKs
 * derive it, so the same bytes are one row and one blob per project, however many traces point at them.
 */
export const media = pgTable(
  "media",
  {
    projectId: text("project_id").notNull(),
    id: text("id").notNull(),
    /** Base64 SHA-256 of the bytes, as declared when the upload URL was asked for. */
    sha256Hash: text("sha256_hash").notNull(),
    contentType: text("content_type").notNull(),
    contentLength: bigint("content_length", { mode: "number" }).notNull(),
    blobKey: text("blob_key").notNull(),
    /** Set when the uploader confirms a successful upload; until then the media cannot be read. */
    uploadedAt: tsz("uploaded_at"),
    uploadHttpStatus: integer("upload_http_status"),
    uploadHttpError: text("upload_http_error"),
    uploadTimeMs: integer("upload_time_ms"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.id] })],
);

/** Where a media file appears: a trace, or one of its observations (`''` for the trace itself), and the field. */
export const mediaLinks = pgTable(
  "media_links",
  {
    projectId: text("project_id").notNull(),
    mediaId: text("media_id").notNull(),
    traceId: text("trace_id").notNull(),
    observationId: text("observation_id").notNull().default(""),
    /** `input`, `output` or `metadata`. */
    field: text("field").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.traceId, t.observationId, t.field, t.mediaId] }),
    index("media_links_media_idx").on(t.projectId, t.mediaId),
  ],
);
