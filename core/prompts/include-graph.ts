import { and, eq, inArray, or, type SQL } from "drizzle-orm";
import type { Db } from "../platform/db";
import { includesOf, MAX_INCLUDE_DEPTH, refKey, type IncludeGraph, type IncludeNode, type IncludeRef, type Target } from "./includes";
import type { PromptContent } from "./prompts.schema";
import { isVersionUnderLabel, labelsOfVersion } from "./label-sql";
import { prompts, promptVersions } from "./prompts.sql";

/** Refs per query, so a wide level never builds one enormous statement. */
const CHUNK = 200;

export const toNode = (row: { id: string; name: string; version: number; type: "TEXT" | "CHAT"; content: unknown }): IncludeNode => {
  const content = row.content as PromptContent;
  return { id: row.id, name: row.name, version: row.version, type: row.type, content, refs: includesOf(content).refs };
};

/**
 * Fetches, level by level (one query per level), every version the includes below `root`
 * reach, down to one level past the nesting limit so the walk can name what is too deep.
 * `overlay` answers references first: a save uses it to put the new version on the
 * channels it is about to occupy before the version exists.
 */
export async function loadIncludeGraph(
  db: Db,
  projectId: string,
  root: IncludeNode,
  overlay: (ref: IncludeRef) => IncludeNode | undefined = () => undefined,
): Promise<IncludeGraph> {
  const targets = new Map<string, Target>();
  const seen = new Set<string>([root.id]);
  let frontier = [root];
  for (let level = 1; level <= MAX_INCLUDE_DEPTH + 1 && frontier.length > 0; level++) {
    const next: IncludeNode[] = [];
    const wanted = new Map<string, IncludeRef>();
    for (const ref of frontier.flatMap((n) => n.refs)) {
      const key = refKey(ref);
      if (targets.has(key) || wanted.has(key)) continue;
      const local = overlay(ref);
      if (local) targets.set(key, local);
      else wanted.set(key, ref);
    }
    for (let i = 0; i < wanted.size; i += CHUNK) {
      const found = await fetchRefs(db, projectId, [...wanted.values()].slice(i, i + CHUNK));
      for (const [key, target] of found) targets.set(key, target);
    }
    for (const key of new Set([...wanted.keys(), ...frontier.flatMap((n) => n.refs.map(refKey))])) {
      const target = targets.get(key);
      if (target && !("missing" in target) && !seen.has(target.id)) {
        seen.add(target.id);
        next.push(target);
      }
    }
    frontier = next;
  }
  return (ref) => targets.get(refKey(ref));
}

async function fetchRefs(db: Db, projectId: string, refs: IncludeRef[]): Promise<Map<string, Target>> {
  const conditions: SQL[] = refs.map(
    (ref) =>
      and(
        eq(prompts.name, ref.name),
        ref.version !== undefined
          ? eq(promptVersions.version, ref.version)
          : isVersionUnderLabel(ref.label),
      )!,
  );
  const rows = await db
    .select({ id: promptVersions.id, name: prompts.name, version: promptVersions.version, type: promptVersions.type, content: promptVersions.content, labels: labelsOfVersion() })
    .from(prompts)
    .innerJoin(promptVersions, eq(promptVersions.promptId, prompts.id))
    .where(and(eq(prompts.projectId, projectId), or(...conditions)));
  const found = new Map<string, Target>();
  for (const ref of refs) {
    const row = rows.find((r) => r.name === ref.name && (ref.version !== undefined ? r.version === ref.version : r.labels.includes(ref.label)));
    if (row) found.set(refKey(ref), toNode(row));
  }
  const misses = refs.filter((ref) => !found.has(refKey(ref)));
  if (misses.length > 0) {
    const existing = await db
      .select({ name: prompts.name })
      .from(prompts)
      .where(and(eq(prompts.projectId, projectId), inArray(prompts.name, [...new Set(misses.map((r) => r.name))])));
    const names = new Set(existing.map((r) => r.name));
    for (const ref of misses) found.set(refKey(ref), { missing: !names.has(ref.name) ? "prompt" : ref.version !== undefined ? "version" : "label" });
  }
  return found;
}
