import { boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, jsonb, tsz } from "../platform/columns";

/**
 * A scheduled export of a project's telemetry to an S3 bucket (docs/export.md, "Scheduled exports"):
 * where, what, how often, and the high-water mark `last_exported_at` (every row received before it was written).
 */
export const exportConfigs = pgTable(
  "export_configs",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").notNull(),
    name: text("name").notNull(),
    bucket: text("bucket").notNull(),
    /** Prepended to every object key (no leading or trailing slash). */
    prefix: text("prefix").notNull(),
    region: text("region").notNull(),
    /** An S3-compatible endpoint (MinIO, R2); AWS's S3 when null. */
    endpoint: text("endpoint"),
    /** With the sealed secret: the bucket's own keys. Both null: the service's own credentials (the function's role on AWS). */
    accessKeyId: text("access_key_id"),
    secretAccessKeySealed: text("secret_access_key_sealed"),
    format: text("format", { enum: ["jsonl", "csv"] }).notNull(),
    /** Which of `traces`, `observations`, `scores`. */
    tables: jsonb("tables").notNull(),
    frequency: text("frequency", { enum: ["hourly", "daily"] }).notNull(),
    enabled: boolean("enabled").notNull(),
    /** Every row received before this instant has been written (the start of the next window). */
    lastExportedAt: tsz("last_exported_at").notNull(),
    lastRunAt: tsz("last_run_at"),
    lastError: text("last_error"),
    /** Objects written by the last successful window, for the view. */
    lastObjects: integer("last_objects"),
    /** A run holds the config until then, so overlapping runs never export one window twice at once. */
    leasedUntil: tsz("leased_until"),
    createdAt: createdAt(),
    updatedAt: tsz("updated_at").notNull(),
  },
  (t) => [index("export_configs_project_idx").on(t.projectId)],
);
