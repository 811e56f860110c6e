import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../platform/db";
import { AppError, notFound, unprocessable } from "../platform/errors";
import { loadIncludeGraph, toNode } from "./include-graph";
import { checkIncludes, expandIncludes, includesOf } from "./includes";
import type { PromptContent, PromptDetail } from "./prompts.schema";
import { prompts, promptVersions } from "./prompts.sql";
import { generationColumn, labelsOfVersion, preparedFor, versionUnderLabel } from "./sql-fragments";
import { placeholdersOf, variablesOf } from "./template";

/** Which version of a prompt: the one a channel points at, or a version number. */
export type Selector = { label: string; version?: undefined } | { version: number; label?: undefined };

export const selectorKey = (s: Selector) => (s.version !== undefined ? `v${s.version}` : `l${s.label}`);

function readPromptStatement(db: Db, by: "label" | "version") {
  const selected =
    by === "version" ? sql`${sql.placeholder("version")}::int` : versionUnderLabel(sql.placeholder("label"));
  const chosen = sql`"prompt_versions"."version" = ${selected}`;
  return db
    .select({
      promptId: prompts.id,
      name: prompts.name,
      folder: prompts.folder,
      id: promptVersions.id,
      version: promptVersions.version,
      type: promptVersions.type,
      commitMessage: promptVersions.commitMessage,
      createdAt: promptVersions.createdAt,
      labels: labelsOfVersion(),
      chosen: sql<boolean>`coalesce(${chosen}, false)`,
      // Bodies of the other versions stay in the database.
      content: sql`case when ${chosen} then "prompt_versions"."content" end`.mapWith(promptVersions.content),
      config: sql`case when ${chosen} then "prompt_versions"."config" end`.mapWith(promptVersions.config),
      generation: generationColumn(sql.placeholder("projectId")),
    })
    .from(prompts)
    .innerJoin(promptVersions, eq(promptVersions.promptId, prompts.id))
    .where(and(eq(prompts.projectId, sql.placeholder("projectId")), eq(prompts.name, sql.placeholder("name"))))
    .orderBy(desc(promptVersions.version))
    .prepare(`prompt_read_by_${by}`);
}

const byLabel = new WeakMap<Db, ReturnType<typeof readPromptStatement>>();
const byVersion = new WeakMap<Db, ReturnType<typeof readPromptStatement>>();

/**
 * A prompt with every version (newest first, with its channels) and the body and config
 * of the selected one, in one statement; `generation` is the project's prompt
 * generation that statement saw.
 * @throws not_found when the prompt does not exist or no version holds the label or number.
 */
export async function readPrompt(db: Db, projectId: string, name: string, selector: Selector) {
  const rows =
    selector.version !== undefined
      ? await preparedFor(byVersion, db, (d) => readPromptStatement(d, "version")).execute({
          projectId,
          name,
          version: selector.version,
        })
      : await preparedFor(byLabel, db, (d) => readPromptStatement(d, "label")).execute({
          projectId,
          name,
          label: selector.label,
        });
  const first = rows[0];
  if (!first) throw notFound("prompt", name);
  const selected = rows.find((r) => r.chosen);
  if (!selected) {
    throw new AppError(
      "not_found",
      selector.version !== undefined
        ? `prompt '${name}' has no version ${selector.version}`
        : `prompt '${name}' has no version with label '${selector.label}'`,
    );
  }
  return {
    prompt: { id: first.promptId, name: first.name, folder: first.folder },
    selected: {
      id: selected.id,
      version: selected.version,
      type: selected.type,
      content: selected.content as PromptContent,
      config: (selected.config ?? {}) as Record<string, unknown>,
      commitMessage: selected.commitMessage,
      createdAt: selected.createdAt,
      labels: selected.labels,
    },
    versions: rows.map((r) => ({
      version: r.version,
      type: r.type,
      labels: r.labels,
      commitMessage: r.commitMessage,
      createdAt: r.createdAt.toISOString(),
    })),
    generation: first.generation ?? 0,
  };
}

/**
 * The detail of one version, raw as stored or (`resolve`) with includes expanded after
 * the save-time checks are repeated on today's prompts. `generations` are the project's
 * prompt generation as the first and the last statement that read it saw.
 * @throws not_found when the prompt or the selected version does not exist.
 * @throws unprocessable when an include can no longer be assembled; the message names the path.
 */
export async function assembleDetail(
  db: Db,
  projectId: string,
  name: string,
  selector: Selector,
  options: { resolve: boolean },
): Promise<{ detail: PromptDetail; generations: { first: number; last: number } }> {
  const { prompt, selected, versions, generation } = await readPrompt(db, projectId, name, selector);
  let content = selected.content;
  let resolutionGraph: PromptDetail["resolutionGraph"] = null;
  let last = generation;
  const root = toNode({ ...selected, name: prompt.name });
  if (options.resolve && root.refs.length > 0) {
    const loaded = await loadIncludeGraph(db, projectId, root);
    last = loaded.generation ?? last;
    const failure = checkIncludes(root, loaded.graph);
    if (failure) throw unprocessable(failure.message, { reason: failure.reason, path: failure.path });
    ({ content, resolutionGraph } = expandIncludes(root, loaded.graph));
  }
  const detail: PromptDetail = {
    id: selected.id,
    name: prompt.name,
    folder: prompt.folder,
    type: selected.type,
    version: selected.version,
    content,
    config: selected.config,
    labels: selected.labels,
    commitMessage: selected.commitMessage,
    createdAt: selected.createdAt.toISOString(),
    resolved: options.resolve,
    placeholders: placeholdersOf(content),
    variables: variablesOf(content),
    includes: includesOf(selected.content).refs.map((r) => ({
      name: r.name,
      label: r.label ?? null,
      version: r.version ?? null,
    })),
    resolutionGraph,
    versions,
    channels: Object.fromEntries(
      versions.flatMap((v) => v.labels.map((l) => [l, v.version] as const)).sort(([a], [b]) => (a < b ? -1 : 1)),
    ),
  };
  return { detail, generations: { first: generation, last } };
}

/** {@link assembleDetail} without the generation. */
export async function readDetail(
  db: Db,
  projectId: string,
  name: string,
  selector: Selector,
  options: { resolve: boolean },
): Promise<PromptDetail> {
  return (await assembleDetail(db, projectId, name, selector, options)).detail;
}
