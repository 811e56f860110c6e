import type { Deps } from "../platform/deps";
import type { PromptDetail } from "./prompts.schema";
import { assembleDetail, selectorKey, type Selector } from "./read-prompt";
import { cacheFor, readGeneration } from "./resolve-cache";

/**
 * The selected version with includes expanded, from this process's cache while the
 * project's prompt generation has not moved since it was assembled.
 *
 * A miss reads with plain statements, each of which also reports the generation it
 * saw. Mutations bump the generation in their own transaction, so when the last
 * statement still sees the generation read before the first one, no mutation committed
 * in between and the answer is exactly that generation's state. Otherwise (a save raced
 * the read) it is assembled again in one repeatable-read snapshot.
 * @throws not_found when the prompt or the selected version does not exist.
 * @throws unprocessable when an include can no longer be assembled.
 */
export async function resolvePrompt(deps: Pick<Deps, "db">, projectId: string, name: string, selector: Selector): Promise<PromptDetail> {
  const cache = cacheFor<PromptDetail>(deps.db);
  const key = `${projectId}\u0000${name}\u0000${selectorKey(selector)}`;
  const before = await readGeneration(deps.db, projectId);
  const hit = cache.get(key, before);
  if (hit) return hit;
  let assembled = await assembleDetail(deps.db, projectId, name, selector, { resolve: true });
  if (assembled.generation !== before) {
    assembled = await deps.db.transaction((tx) => assembleDetail(tx, projectId, name, selector, { resolve: true }), {
      isolationLevel: "repeatable read",
      accessMode: "read only",
    });
  }
  cache.set(key, assembled.generation, assembled.detail);
  return assembled.detail;
}
