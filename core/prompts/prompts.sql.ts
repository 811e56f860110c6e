import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, jsonb, tsz } from "../platform/columns";

/** A named prompt of a project; its content lives in immutable versions. */
export const prompts = pgTable(
  "prompts",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").notNull(),
    name: text("name").notNull(),
    /** One flat folder name, or null for the top level. */
    folder: text("folder"),
    /** Number and type of the newest version, kept here so lists need no join. */
    latestVersion: integer("latest_version").notNull(),
    latestType: text("latest_type", { enum: ["TEXT", "CHAT"] }).notNull(),
    createdAt: createdAt(),
    updatedAt: tsz("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("prompts_project_name_idx").on(t.projectId, t.name),
    index("prompts_project_folder_idx").on(t.projectId, t.folder, t.name),
  ],
);

/** Immutable: rows are inserted once and only ever deleted with their prompt. */
export const promptVersions = pgTable(
  "prompt_versions",
  {
    id: text("id").primaryKey(),
    promptId: text("prompt_id")
      .notNull()
      .references(() => prompts.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** Per version: a later save may change the type. */
    type: text("type", { enum: ["TEXT", "CHAT"] }).notNull(),
    /** A string (TEXT) or an array of messages and placeholder slots (CHAT). */
    content: jsonb("content").notNull(),
    config: jsonb("config").notNull(),
    commitMessage: text("commit_message"),
    /** The API key that saved the version. */
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("prompt_versions_prompt_version_idx").on(t.promptId, t.version)],
);

/** Channels: movable pointers from a label (`latest`, `production`, …) to a version number. */
export const promptLabels = pgTable(
  "prompt_labels",
  {
    promptId: text("prompt_id")
      .notNull()
      .references(() => prompts.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    version: integer("version").notNull(),
    updatedAt: tsz("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.promptId, t.label] }), index("prompt_labels_version_idx").on(t.promptId, t.version)],
);

/**
 * One counter per project, bumped in the transaction of every prompt mutation. Resolve
 * caches key their entries by it (never stale across processes), and its row lock
 * serialises a project's prompt mutations (version numbers, cycle checks).
 */
export const promptGenerations = pgTable("prompt_generations", {
  projectId: text("project_id").primaryKey(),
  generation: bigint("generation", { mode: "number" }).notNull(),
});
