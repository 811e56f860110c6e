import type { Deps } from "../platform/deps";
import type { PromptDetail } from "./prompts.schema";
import { assembleDetail, type Selector, selectorKey } from "./read-prompt";
import { currentGeneration } from "./resolve-cache";

/** The cache of resolved prompts, validated by the project's stored prompt generation. */
export const RESOLVES = "prompt-resolves";

/**
 * The selected version with includes expanded, from this process's cache while the
 * project's prompt generation is still the one it was assembled at (one primary-key
 * read per resolve, none on an embedded store this process owns; none either when
 * the cache holds nothing for the key).
 *
 * A miss reads with plain statements, each of which also reports the generation it
 * saw. Mutations bump the generation in their own transaction, and later statements
 * see at least what earlier ones saw, so when the first and the last agree no mutation
 * committed in between and the answer is exactly that generation's state. Otherwise (a
 * mutation raced the read) it is assembled again in one repeatable-read snapshot.
 * @throws not_found when the prompt or the selected version does not exist.
 * @throws unprocessable when an include can no longer be assembled.
 */
export async function resolvePrompt(
  deps: Pick<Deps, "db" | "config" | "caches">,
  projectId: string,
  name: string,
  selector: Selector,
): Promise<PromptDetail> {
  const cache = deps.caches.of<PromptDetail>(RESOLVES);
  const key = `${projectId}\u0000${name}\u0000${selectorKey(selector)}`;
  if (cache.has(key)) {
    const hit = cache.get(key, await currentGeneration(deps, projectId));
    if (hit) return hit;
  }
  let assembled = await assembleDetail(deps.db, projectId, name, selector, { resolve: true });
  if (assembled.generations.first !== assembled.generations.last) {
    assembled = await deps.db.transaction((tx) => assembleDetail(tx, projectId, name, selector, { resolve: true }), {
      isolationLevel: "repeatable read",
      accessMode: "read only",
    });
  }
  cache.set(key, assembled.generations.first, assembled.detail);
  return assembled.detail;
}
