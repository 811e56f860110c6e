import { eq, sql } from "drizzle-orm";
import type { Db } from "../platform/db";
import { promptGenerations } from "./prompts.sql";
import { preparedFor } from "./sql-fragments";

/**
 * Resolved prompts of this process, keyed by project, name and selector. Every entry
 * carries the project's prompt generation it was assembled at and is served only while
 * the stored generation is still that one. Every mutation bumps the generation in its
 * own transaction, so a save, rename, delete or label move made by any process (any
 * Lambda instance) turns every older entry of the project into a miss: never stale.
 */
export class ResolveCache<V> {
  private readonly entries = new Map<string, { generation: number; value: V }>();

  constructor(private readonly maxEntries = 10_000) {}

  /** Whether an entry exists for the key, whatever its generation. */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  get(key: string, generation: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== generation) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-inserting keeps the Map's order least-recently-used first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, generation: number, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { generation, value });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size() {
    return this.entries.size;
  }
}

/**
 * One cache per database handle, like the prepared statements of `authenticate`: a
 * process has one handle, and tests that open several services stay apart.
 */
const caches = new WeakMap<Db, ResolveCache<unknown>>();

export function cacheFor<V>(db: Db): ResolveCache<V> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new ResolveCache<unknown>()));
  return cache as ResolveCache<V>;
}

/** Bumps the project's prompt generation and holds its row lock until the transaction ends. */
export async function bumpGeneration(db: Db, projectId: string): Promise<number> {
  const [row] = await db
    .insert(promptGenerations)
    .values({ projectId, generation: 1 })
    .onConflictDoUpdate({ target: promptGenerations.projectId, set: { generation: sql`${promptGenerations.generation} + 1` } })
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

/*
 * On an embedded store this process owns (PGlite, locked to one process), every prompt
 * write passes through here, so the generation itself can be remembered: a write drops
 * the project's entry once it has committed, and a read that raced a write (the epoch
 * moved while it ran) is not remembered. Cached resolves then need no query at all.
 */
let epoch = 0;
const knownGenerations = new Map<string, number>();

export async function currentGeneration(db: Db, projectId: string, ownsStore: boolean): Promise<number> {
  if (!ownsStore) return readGeneration(db, projectId);
  const known = knownGenerations.get(projectId);
  if (known !== undefined) return known;
  const startedAt = epoch;
  const generation = await readGeneration(db, projectId);
  if (startedAt === epoch) knownGenerations.set(projectId, generation);
  return generation;
}

/** Wraps a prompt write's transaction: once it has settled, the project's remembered generation is dropped. */
export async function afterPromptWrite<T>(projectId: string, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } finally {
    epoch++;
    knownGenerations.delete(projectId);
  }
}
