import { type Placeholder, sql } from "drizzle-orm";
import type { Db } from "../platform/db";

/*
 * SQL fragments written with qualified names on purpose: drizzle leaves columns
 * unqualified in single-table selects, and inside a subquery an unqualified
 * `prompt_id` binds to the inner table, silently matching every row.
 */

type Param = string | number | Placeholder;

/** The channels pointing at the outer `prompt_versions` row, in byte order. */
export const labelsOfVersion = () =>
  sql<
    string[]
  >`array(select pl.label from prompt_labels pl where pl.prompt_id = "prompt_versions"."prompt_id" and pl.version = "prompt_versions"."version" order by pl.label collate "C")`;

/** The version number the label of the outer `prompts` row points at (null when none). */
export const versionUnderLabel = (label: Param) =>
  sql`(select pl.version from prompt_labels pl where pl.prompt_id = "prompts"."id" and pl.label = ${label})`;

/** The outer `prompts` row has a version under the label. */
export const hasLabel = (label: string) =>
  sql`exists (select 1 from prompt_labels pl where pl.prompt_id = "prompts"."id" and pl.label = ${label})`;

/**
 * The project's prompt generation as the statement sees it. Selected alongside data,
 * it tells which generation those rows belong to (see `resolvePrompt`).
 */
export const generationColumn = (projectId: Param) =>
  sql<number | null>`(select g.generation from prompt_generations g where g.project_id = ${projectId})`.mapWith(
    (v: unknown) => (v === null ? null : Number(v)),
  );

/**
 * Statements built once per database handle: on the resolve path drizzle's query
 * building costs as much as PGlite's execution.
 */
export function preparedFor<T>(cache: WeakMap<Db, T>, db: Db, build: (db: Db) => T): T {
  let statement = cache.get(db);
  if (!statement) {
    statement = build(db);
    cache.set(db, statement);
  }
  return statement;
}
