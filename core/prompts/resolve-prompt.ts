import { eq } from "drizzle-orm";
import type { Deps } from "../platform/deps";
import type { PromptDetail } from "./prompts.schema";
import { promptGenerations } from "./prompts.sql";
import { readDetail, selectorKey, type Selector } from "./read-prompt";
import { cacheFor, readGeneration } from "./resolve-cache";

/**
 * The selected version with includes expanded, from this process's cache when the
 * project's prompt generation has not moved since it was assembled. A miss assembles
 * it in one read-only repeatable-read transaction whose first read is the generation,
 * so the entry is exactly the state of that generation.
 * @throws not_found when the prompt or the selected version does not exist.
 * @throws unprocessable when an include can no longer be assembled.
 */
export async function resolvePrompt(deps: Pick<Deps, "db">, projectId: string, name: string, selector: Selector): Promise<PromptDetail> {
  const cache = cacheFor<PromptDetail>(deps.db);
  const key = `${projectId}\u0000${name}\u0000${selectorKey(selector)}`;
  const hit = cache.get(key, await readGeneration(deps.db, projectId));
  if (hit) return hit;
  const { generation, detail } = await deps.db.transaction(
    async (tx) => {
      const [row] = await tx.select({ generation: promptGenerations.generation }).from(promptGenerations).where(eq(promptGenerations.projectId, projectId));
      return { generation: row?.generation ?? 0, detail: await readDetail(tx, projectId, name, selector, { resolve: true }) };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  cache.set(key, generation, detail);
  return detail;
}
