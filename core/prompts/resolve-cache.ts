import { eq, sql } from "drizzle-orm";
import type { Db } from "../platform/db";
import type { Deps } from "../platform/deps";
import { promptGenerations } from "./prompts.sql";
import { preparedFor } from "./sql-fragments";

/** Bumps the project's prompt generation and holds its row lock until the transaction ends. */
export async function bumpGeneration(db: Db, projectId: string): Promise<number> {
  const [row] = await db
    .insert(promptGenerations)
    .values({ projectId, generation: 1 })
    .onConflictDoUpdate({
      target: promptGenerations.projectId,
      set: { generation: sql`${promptGenerations.generation} + 1` },
    })
    .returning({ generation: promptGenerations.generation });
  return row!.generation;
}

function generationStatement(db: Db) {
  return db
    .select({ generation: promptGenerations.generation })
    .from(promptGenerations)
    .where(eq(promptGenerations.projectId, sql.placeholder("projectId")))
    .prepare("prompt_generation");
}

const statements = new WeakMap<Db, ReturnType<typeof generationStatement>>();

/** The project's prompt generation (0 before its first mutation): one primary-key read. */
export async function readGeneration(db: Db, projectId: string): Promise<number> {
  const [row] = await preparedFor(statements, db, generationStatement).execute({ projectId });
  return row?.generation ?? 0;
}

const scopeOf = (projectId: string) => `prompts:${projectId}`;

/**
 * The project's prompt generation. On an embedded store this process owns (PGlite, locked to one process),
 * every prompt write goes through `afterPromptWrite`, so the generation itself is cached and a cached
 * resolve needs no query at all; on a shared Postgres it is one primary-key read (docs/architecture.md,
 * "In-process caches").
 */
export async function currentGeneration(
  deps: Pick<Deps, "db" | "config" | "caches">,
  projectId: string,
): Promise<number> {
  if (!deps.config.ownsRelationalStore) return readGeneration(deps.db, projectId);
  const cache = deps.caches.of<number>("prompt-generations");
  const local = deps.caches.generation(scopeOf(projectId));
  const known = cache.get(projectId, local);
  if (known !== undefined) return known;
  const generation = await readGeneration(deps.db, projectId);
  cache.set(projectId, local, generation);
  return generation;
}

/** Runs a prompt write (which bumps the stored generation in its transaction) so no cached generation outlives it. */
export const afterPromptWrite = <T>(
  deps: Pick<Deps, "caches">,
  projectId: string,
  write: () => Promise<T>,
): Promise<T> => deps.caches.write(scopeOf(projectId), write);
