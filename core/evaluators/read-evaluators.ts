import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import * as z from "zod";
import { readThroughOwned } from "../platform/cache";
import type { Db } from "../platform/db";
import type { Deps } from "../platform/deps";
import { notFound } from "../platform/errors";
import { decodeCursor, encodeCursor, type Page } from "../platform/pagination";
import { EvaluatorDefinition, type EvaluatorDetail, type EvaluatorView } from "./evaluators.schema";
import { evaluators, evaluatorVersions } from "./evaluators.sql";

/** An evaluator's newest (or chosen) version, as the runner needs it. */
export interface LoadedEvaluator {
  id: string;
  name: string;
  version: number;
  definition: EvaluatorDefinition;
}

// Stored definitions are ours, but parsing them keeps a later field added with a default readable.
const definitionOf = (raw: unknown) => EvaluatorDefinition.parse(raw);

/**
 * An evaluator with every version, newest first; the top level shows `version` (default: the newest).
 * @throws not_found when the evaluator or the version does not exist in the project.
 */
export async function readEvaluator(
  db: Db,
  projectId: string,
  name: string,
  version?: number,
): Promise<EvaluatorDetail> {
  const rows = await db
    .select({ e: evaluators, v: evaluatorVersions })
    .from(evaluators)
    .innerJoin(evaluatorVersions, eq(evaluatorVersions.evaluatorId, evaluators.id))
    .where(and(eq(evaluators.projectId, projectId), eq(evaluators.name, name)))
    .orderBy(desc(evaluatorVersions.version));
  const first = rows[0];
  if (!first) throw notFound("evaluator", name);
  const chosen = rows.find((r) => r.v.version === (version ?? first.e.latestVersion));
  if (!chosen) throw notFound(`version ${version} of evaluator`, name);
  return {
    ...definitionOf(chosen.v.definition),
    id: first.e.id,
    name: first.e.name,
    version: chosen.v.version,
    createdAt: first.e.createdAt.toISOString(),
    updatedAt: first.e.updatedAt.toISOString(),
    versions: rows.map((r) => ({
      ...definitionOf(r.v.definition),
      version: r.v.version,
      createdBy: r.v.createdBy,
      createdAt: r.v.createdAt.toISOString(),
    })),
  };
}

/** The newest version of an evaluator, for running it. @throws not_found */
export async function loadEvaluator(deps: Pick<Deps, "db">, projectId: string, name: string): Promise<LoadedEvaluator> {
  const [row] = await deps.db
    .select({
      id: evaluators.id,
      name: evaluators.name,
      version: evaluatorVersions.version,
      definition: evaluatorVersions.definition,
    })
    .from(evaluators)
    .innerJoin(
      evaluatorVersions,
      and(eq(evaluatorVersions.evaluatorId, evaluators.id), eq(evaluatorVersions.version, evaluators.latestVersion)),
    )
    .where(and(eq(evaluators.projectId, projectId), eq(evaluators.name, name)));
  if (!row) throw notFound("evaluator", name);
  return { ...row, definition: definitionOf(row.definition) };
}

const Cursor = z.object({ name: z.string() });

/** The project's evaluators by name (byte order), each with its newest definition; `name`, `kind` and `online` narrow the list. */
export async function listEvaluators(
  deps: Pick<Deps, "db">,
  projectId: string,
  query: { limit: number; cursor?: string; name?: string; kind?: "JUDGE" | "CODE"; online?: "true" | "false" },
): Promise<Page<EvaluatorView>> {
  const where: SQL[] = [eq(evaluators.projectId, projectId)];
  if (query.cursor) where.push(sql`${evaluators.name} collate "C" > ${decodeCursor(query.cursor, Cursor).name}`);
  if (query.name !== undefined) where.push(eq(evaluators.name, query.name));
  if (query.kind !== undefined) where.push(eq(evaluators.kind, query.kind));
  if (query.online !== undefined) where.push(eq(evaluators.online, query.online === "true"));
  const rows = await deps.db
    .select({ e: evaluators, definition: evaluatorVersions.definition })
    .from(evaluators)
    .innerJoin(
      evaluatorVersions,
      and(eq(evaluatorVersions.evaluatorId, evaluators.id), eq(evaluatorVersions.version, evaluators.latestVersion)),
    )
    .where(and(...where))
    .orderBy(sql`${evaluators.name} collate "C"`)
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map((r) => ({
      ...definitionOf(r.definition),
      id: r.e.id,
      name: r.e.name,
      version: r.e.latestVersion,
      createdAt: r.e.createdAt.toISOString(),
      updatedAt: r.e.updatedAt.toISOString(),
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ name: last.e.name }) : null,
  };
}

/** The newest version of an evaluator by id, or null when it was deleted (for queued jobs, which name it by id). */
export async function loadEvaluatorById(
  deps: Pick<Deps, "db">,
  projectId: string,
  id: string,
): Promise<LoadedEvaluator | null> {
  return (await loadEvaluatorsById(deps, projectId, [id])).get(id) ?? null;
}

/** The newest versions of the project's evaluators among `ids` (one query); deleted ones are absent. */
export async function loadEvaluatorsById(
  deps: Pick<Deps, "db">,
  projectId: string,
  ids: readonly string[],
): Promise<Map<string, LoadedEvaluator>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .select({
      id: evaluators.id,
      name: evaluators.name,
      version: evaluatorVersions.version,
      definition: evaluatorVersions.definition,
    })
    .from(evaluators)
    .innerJoin(
      evaluatorVersions,
      and(eq(evaluatorVersions.evaluatorId, evaluators.id), eq(evaluatorVersions.version, evaluators.latestVersion)),
    )
    .where(and(eq(evaluators.projectId, projectId), inArray(evaluators.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, { ...row, definition: definitionOf(row.definition) }]));
}

const scopeOf = (projectId: string) => `evaluators:${projectId}`;

/** Runs an evaluator write so that no cached evaluator of the project outlives it (docs/architecture.md, "In-process caches"). */
export const afterEvaluatorWrite = <T>(
  deps: Pick<Deps, "caches">,
  projectId: string,
  write: () => Promise<T>,
): Promise<T> => deps.caches.write(scopeOf(projectId), write);

/**
 * `loadEvaluator` for request paths that run evaluators inline (guardrails). On a store this process owns every
 * evaluator write goes through `afterEvaluatorWrite`, so the evaluator is cached exactly; on a shared
 * Postgres it is read each time.
 * @throws not_found
 */
export async function loadEvaluatorCached(
  deps: Pick<Deps, "db" | "config" | "caches">,
  projectId: string,
  name: string,
): Promise<LoadedEvaluator> {
  return readThroughOwned(deps, "evaluators", scopeOf(projectId), `${projectId}\u0000${name}`, () =>
    loadEvaluator(deps, projectId, name),
  );
}
