import { sql } from "drizzle-orm";
import type { Db } from "../platform/db";
import {
  type IncludeGraph,
  type IncludeNode,
  type IncludeRef,
  includesOf,
  MAX_INCLUDE_DEPTH,
  refKey,
  type Target,
} from "./includes";
import type { PromptContent, PromptType } from "./prompts.schema";
import { promptVersions } from "./prompts.sql";
import { generationColumn, preparedFor } from "./sql-fragments";

/** Refs per statement, so a wide level never builds one enormous parameter. */
const CHUNK = 500;

export const toNode = (row: {
  id: string;
  name: string;
  version: number;
  type: PromptType;
  content: unknown;
}): IncludeNode => {
  const content = row.content as PromptContent;
  return { id: row.id, name: row.name, version: row.version, type: row.type, content, refs: includesOf(content).refs };
};

/**
 * Fetches, level by level (one statement per level), every version the includes below
 * `root` reach, down to one level past the nesting limit so the walk can name what is
 * too deep. `overlay` answers references first: a save uses it to put the new version
 * on the channels it is about to occupy before the version exists. `generation` is the
 * project's prompt generation the last statement saw (null when none ran).
 */
export async function loadIncludeGraph(
  db: Db,
  projectId: string,
  root: IncludeNode,
  overlay: (ref: IncludeRef) => IncludeNode | undefined = () => undefined,
): Promise<{ graph: IncludeGraph; generation: number | null }> {
  const targets = new Map<string, Target>();
  const seen = new Set<string>([root.id]);
  let generation: number | null = null;
  let frontier = [root];
  for (let level = 1; level <= MAX_INCLUDE_DEPTH + 1 && frontier.length > 0; level++) {
    const wanted = new Map<string, IncludeRef>();
    for (const ref of frontier.flatMap((n) => n.refs)) {
      const key = refKey(ref);
      if (targets.has(key) || wanted.has(key)) continue;
      const local = overlay(ref);
      if (local) targets.set(key, local);
      else wanted.set(key, ref);
    }
    const refs = [...wanted.values()];
    for (let i = 0; i < refs.length; i += CHUNK) {
      const found = await fetchRefs(db, projectId, refs.slice(i, i + CHUNK));
      generation = found.generation ?? generation;
      for (const [key, target] of found.targets) targets.set(key, target);
    }
    const next: IncludeNode[] = [];
    for (const ref of frontier.flatMap((n) => n.refs)) {
      const target = targets.get(refKey(ref));
      if (target && !("missing" in target) && !seen.has(target.id)) {
        seen.add(target.id);
        next.push(target);
      }
    }
    frontier = next;
  }
  return { graph: (ref) => targets.get(refKey(ref)), generation };
}

function fetchRefsStatement(db: Db) {
  const projectId = sql.placeholder("projectId");
  return db
    .select({
      refName: sql<string>`r.name`,
      refLabel: sql<string | null>`r.label`,
      refVersion: sql<number | null>`r.version`,
      promptId: sql<string | null>`p.id`,
      id: sql<string | null>`v.id`,
      version: sql<number | null>`v.version`,
      type: sql<PromptType | null>`v.type`,
      content: sql`v.content`.mapWith(promptVersions.content),
      generation: generationColumn(projectId),
    })
    .from(
      // LATERAL with LIMIT (never flattened) keeps the plan on index lookups per reference, whatever the table statistics say.
      sql`jsonb_to_recordset(${sql.placeholder("refs")}::jsonb) as r(name text, label text, version int)
        left join lateral (select p.id from prompts p where p.project_id = ${projectId} and p.name = r.name limit 1) p on true
        left join lateral (
          select v.id, v.version, v.type, v.content from prompt_versions v
          where v.prompt_id = p.id
            and v.version = coalesce(r.version, (select pl.version from prompt_labels pl where pl.prompt_id = p.id and pl.label = r.label))
          limit 1
        ) v on true`,
    )
    .prepare("prompt_include_level");
}

const statements = new WeakMap<Db, ReturnType<typeof fetchRefsStatement>>();

/**
 * One statement for a whole level: the references become rows (a JSON parameter), left
 * joined to the prompt of that name and the version the label or number selects, so a
 * missing prompt or version comes back as a row too.
 */
async function fetchRefs(
  db: Db,
  projectId: string,
  refs: IncludeRef[],
): Promise<{ targets: Map<string, Target>; generation: number | null }> {
  const input = JSON.stringify(refs.map((r) => ({ name: r.name, label: r.label ?? null, version: r.version ?? null })));
  const rows = await preparedFor(statements, db, fetchRefsStatement).execute({ projectId, refs: input });
  const targets = new Map<string, Target>();
  for (const row of rows) {
    const ref: IncludeRef =
      row.refVersion !== null
        ? { name: row.refName, version: row.refVersion }
        : { name: row.refName, label: row.refLabel! };
    targets.set(
      refKey(ref),
      row.id !== null
        ? toNode({ id: row.id, name: row.refName, version: row.version!, type: row.type!, content: row.content })
        : { missing: row.promptId === null ? "prompt" : ref.version !== undefined ? "version" : "label" },
    );
  }
  return { targets, generation: rows.length > 0 ? (rows[0]!.generation ?? 0) : null };
}
