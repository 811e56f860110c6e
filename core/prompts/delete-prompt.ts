import { and, count, eq } from "drizzle-orm";
import * as Audit from "../audit";
import type { Deps } from "../platform/deps";
import { notFound } from "../platform/errors";
import type { Principal } from "../platform/principal";
import { prompts, promptVersions } from "./prompts.sql";
import { afterPromptWrite, bumpGeneration } from "./resolve-cache";

/**
 * Deletes a prompt with every version and channel. A later save of the name starts
 * again at version 1, with any type; includes of the old prompt fail at resolve (422).
 * @throws not_found when the prompt does not exist.
 */
export async function deletePrompt(
  deps: Pick<Deps, "db" | "clock" | "ids" | "caches">,
  principal: Principal,
  name: string,
): Promise<{ name: string; deletedVersions: number }> {
  const { projectId } = principal;
  return afterPromptWrite(deps, projectId, () =>
    deps.db.transaction(async (db) => {
      await bumpGeneration(db, projectId);
      const [row] = await db
        .select()
        .from(prompts)
        .where(and(eq(prompts.projectId, projectId), eq(prompts.name, name)));
      if (!row) throw notFound("prompt", name);
      const [{ versions } = { versions: 0 }] = await db
        .select({ versions: count() })
        .from(promptVersions)
        .where(eq(promptVersions.promptId, row.id));
      // Versions and channels go with the prompt (ON DELETE CASCADE).
      await db.delete(prompts).where(eq(prompts.id, row.id));
      await Audit.recordChange({ ...deps, db }, principal, {
        action: "prompt.deleted",
        target: { type: "prompt", id: row.id },
        details: { name, versions },
      });
      return { name, deletedVersions: versions };
    }),
  );
}
