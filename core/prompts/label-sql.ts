import { sql } from "drizzle-orm";

/*
 * Subqueries over prompt_labels, written with qualified names on purpose: drizzle leaves
 * columns unqualified in single-table selects, and inside a subquery an unqualified
 * `prompt_id` binds to the inner table, silently matching every row.
 */

/** The channels pointing at the outer `prompt_versions` row, in byte order. */
export const labelsOfVersion = () =>
  sql<string[]>`array(select pl.label from prompt_labels pl where pl.prompt_id = "prompt_versions"."prompt_id" and pl.version = "prompt_versions"."version" order by pl.label collate "C")`;

/** The outer `prompt_versions` row is the one the label of the outer `prompts` row points at. */
export const isVersionUnderLabel = (label: string) =>
  sql`"prompt_versions"."version" = (select pl.version from prompt_labels pl where pl.prompt_id = "prompts"."id" and pl.label = ${label})`;

/** The outer `prompts` row has a version under the label. */
export const hasLabel = (label: string) => sql`exists (select 1 from prompt_labels pl where pl.prompt_id = "prompts"."id" and pl.label = ${label})`;
