import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../platform/db";
import { AppError, notFound, unprocessable } from "../platform/errors";
import { checkIncludes, expandIncludes, includesOf } from "./includes";
import { loadIncludeGraph, toNode } from "./include-graph";
import { type PromptContent, type PromptDetail } from "./prompts.schema";
import { isVersionUnderLabel, labelsOfVersion } from "./label-sql";
import { prompts, promptVersions } from "./prompts.sql";
import { placeholdersOf, variablesOf } from "./template";

/** Which version of a prompt: the one a channel points at, or a version number. */
export type Selector = { label: string; version?: undefined } | { version: number; label?: undefined };

export const selectorKey = (s: Selector) => (s.version !== undefined ? `v${s.version}` : `l${s.label}`);

/**
 * The prompt row and the selected version.
 * @throws not_found when the prompt does not exist or no version holds the label or number.
 */
export async function readVersion(db: Db, projectId: string, name: string, selector: Selector) {
  const versionMatch =
    selector.version !== undefined
      ? eq(promptVersions.version, selector.version)
      : isVersionUnderLabel(selector.label);
  const [row] = await db
    .select({ prompt: prompts, version: promptVersions })
    .from(prompts)
    .innerJoin(promptVersions, eq(promptVersions.promptId, prompts.id))
    .where(and(eq(prompts.projectId, projectId), eq(prompts.name, name), versionMatch))
    .limit(1);
  if (row) return row;
  const [exists] = await db.select({ id: prompts.id }).from(prompts).where(and(eq(prompts.projectId, projectId), eq(prompts.name, name)));
  if (!exists) throw notFound("prompt", name);
  throw new AppError(
    "not_found",
    selector.version !== undefined ? `prompt '${name}' has no version ${selector.version}` : `prompt '${name}' has no version with label '${selector.label}'`,
  );
}

/** Every version of a prompt, newest first, with the channels pointing at each. */
export async function readVersionList(db: Db, promptId: string) {
  const rows = await db
    .select({
      version: promptVersions.version,
      type: promptVersions.type,
      commitMessage: promptVersions.commitMessage,
      createdAt: promptVersions.createdAt,
      labels: labelsOfVersion(),
    })
    .from(promptVersions)
    .where(eq(promptVersions.promptId, promptId))
    .orderBy(desc(promptVersions.version));
  return rows.map((r) => ({ version: r.version, type: r.type, labels: r.labels, commitMessage: r.commitMessage, createdAt: r.createdAt.toISOString() }));
}

/**
 * The detail of one version: raw body as stored, or (`resolve`) with includes expanded
 * after the save-time checks are repeated on today's prompts.
 * @throws not_found when the prompt or the selected version does not exist.
 * @throws unprocessable when an include can no longer be assembled; the message names the path.
 */
export async function readDetail(db: Db, projectId: string, name: string, selector: Selector, options: { resolve: boolean }): Promise<PromptDetail> {
  const { prompt, version } = await readVersion(db, projectId, name, selector);
  const versions = await readVersionList(db, prompt.id);
  const raw = version.content as PromptContent;
  let content = raw;
  let resolutionGraph: PromptDetail["resolutionGraph"] = null;
  const root = toNode({ ...version, name: prompt.name });
  if (options.resolve && root.refs.length > 0) {
    const graph = await loadIncludeGraph(db, projectId, root);
    const failure = checkIncludes(root, graph);
    if (failure) throw unprocessable(failure.message, { reason: failure.reason, path: failure.path });
    ({ content, resolutionGraph } = expandIncludes(root, graph));
  }
  return {
    id: version.id,
    name: prompt.name,
    folder: prompt.folder,
    type: version.type,
    version: version.version,
    content,
    config: version.config as Record<string, unknown>,
    labels: versions.find((v) => v.version === version.version)?.labels ?? [],
    commitMessage: version.commitMessage,
    createdAt: version.createdAt.toISOString(),
    resolved: options.resolve,
    placeholders: placeholdersOf(content),
    variables: variablesOf(content),
    includes: includesOf(raw).refs.map((r) => ({ name: r.name, label: r.label ?? null, version: r.version ?? null })),
    resolutionGraph,
    versions,
    channels: Object.fromEntries(versions.flatMap((v) => v.labels.map((l) => [l, v.version] as const)).sort(([a], [b]) => (a < b ? -1 : 1))),
  };
}
