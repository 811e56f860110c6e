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

/** Slots of the generation table: scopes share a slot by hash, and a shared slot only costs extra misses. */
const GENERATION_SLOTS = 4096;

/**
 * The caches of one set of stores. Composition roots make one per `Deps`, so two services in one process
 * (tests do that) never share an entry. `generation(scope)` is the in-process generation for data only this
 * process writes (the embedded Postgres, which one process holds).
 *
 * The generations live in shared memory: a worker thread of the same process over the same stores makes its
 * own entries but reads and moves the same generations (`Caches.sharing(caches.generations)`), so a write on
 * either thread is never served stale on the other (docs/architecture.md, "In-process caches"). Scopes map to
 * slots by hash; two scopes in one slot only move each other's entries out more often.
 */
export class Caches {
  private readonly caches = new Map<string, GenerationCache<unknown>>();
  private readonly slots: Int32Array;
  private readonly slotOf = new Map<string, number>();

  /** The shared memory of the generations, to hand to another thread's `Caches.sharing`. */
  readonly generations: SharedArrayBuffer;

  constructor(generations?: SharedArrayBuffer) {
    this.generations = generations ?? new SharedArrayBuffer(GENERATION_SLOTS * Int32Array.BYTES_PER_ELEMENT);
    this.slots = new Int32Array(this.generations);
  }

  /** Caches of their own over the generations of another `Caches` (another thread's, over the same stores). */
  static sharing(generations: SharedArrayBuffer): Caches {
    return new Caches(generations);
  }

  of<V>(name: string): GenerationCache<V> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new GenerationCache<unknown>();
      this.caches.set(name, cache);
    }
    return cache as GenerationCache<V>;
  }

  generation(scope: string): number {
    return Atomics.load(this.slots, this.slot(scope));
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
    Atomics.add(this.slots, this.slot(scope), 1);
  }

  /** FNV-1a of the scope, remembered: scopes are few (a handful per project). */
  private slot(scope: string): number {
    let slot = this.slotOf.get(scope);
    if (slot === undefined) {
      let hash = 0x811c9dc5;
      for (let i = 0; i < scope.length; i++) hash = Math.imul(hash ^ scope.charCodeAt(i), 0x01000193);
      slot = (hash >>> 0) % this.slots.length;
      if (this.slotOf.size >= 100_000) this.slotOf.clear();
      this.slotOf.set(scope, slot);
    }
    return slot;
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
