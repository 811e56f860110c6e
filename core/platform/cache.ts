/**
 * In-process caches, one idiom for all (docs/architecture.md, "In-process caches"). The one rule: an entry is
 * served only while the generation it was read under is still current. A reader takes the generation before
 * it reads the store, so an entry read across a write is never served; a writer moves the generation (in
 * the same transaction when the generation is stored in Postgres, or here, around the write, when this
 * process owns the store).
 */
export class GenerationCache<V> {
  private readonly entries = new Map<string, { generation: number; value: V }>();

  constructor(private readonly maxEntries = 10_000) {}

  /** Whether an entry exists for the key, whatever its generation (a miss then needs no generation read). */
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
    // Re-inserting keeps the Map's order least recently used first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, generation: number, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { generation, value });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * The caches of one set of stores. Composition roots make one per `Deps`, so two services in one process
 * (tests do that) never share an entry. `generation(scope)` is the in-process generation for data only this
 * process writes (the embedded Postgres, which one process holds).
 */
export class Caches {
  private readonly caches = new Map<string, GenerationCache<unknown>>();
  private readonly generations = new Map<string, number>();

  of<V>(name: string): GenerationCache<V> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new GenerationCache<unknown>();
      this.caches.set(name, cache);
    }
    return cache as GenerationCache<V>;
  }

  generation(scope: string): number {
    return this.generations.get(scope) ?? 0;
  }

  /**
   * Runs a write to data of `scope` and moves the scope's generation when it starts and again when it has
   * settled (committed or not: moving is always safe). Entries read before or during the write are never
   * served after it, and the write's caller sees its own change.
   */
  async write<T>(scope: string, write: () => Promise<T>): Promise<T> {
    this.bump(scope);
    try {
      return await write();
    } finally {
      this.bump(scope);
    }
  }

  private bump(scope: string): void {
    this.generations.set(scope, this.generation(scope) + 1);
  }
}

/**
 * Reads `key` through the cache `name` under the generation of `scope` when this process owns the relational
 * store (every write then moves the generation through `Caches.write`); on a shared store it reads each time.
 */
export async function readThroughOwned<V>(
  deps: { config: { ownsRelationalStore: boolean }; caches: Caches },
  name: string,
  scope: string,
  key: string,
  read: () => Promise<V>,
): Promise<V> {
  if (!deps.config.ownsRelationalStore) return read();
  const cache = deps.caches.of<V>(name);
  // Taken before the read, so a value read across a write is never served after it.
  const generation = deps.caches.generation(scope);
  const hit = cache.get(key, generation);
  if (hit !== undefined) return hit;
  const value = await read();
  cache.set(key, generation, value);
  return value;
}
