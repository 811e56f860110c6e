import { and, eq } from "drizzle-orm";
import * as Audit from "../audit";
import { isUniqueViolation } from "../platform/db-errors";
import type { Deps } from "../platform/deps";
import { conflict, notFound } from "../platform/errors";
import type { Principal } from "../platform/principal";
import type { PromptDetail } from "./prompts.schema";
import { prompts } from "./prompts.sql";
import { readDetail } from "./read-prompt";
import { afterPromptWrite, bumpGeneration } from "./resolve-cache";

/**
 * Renames a prompt with all its versions and channels. Includes written with the old
 * name are not rewritten: they fail at resolve with 422 until a prompt of that name exists.
 * @throws not_found when the prompt does not exist.
 * @throws conflict when a prompt of the new name exists.
 */
export async function renamePrompt(
  deps: Pick<Deps, "db" | "clock" | "ids" | "caches">,
  principal: Principal,
  name: string,
  newName: string,
): Promise<PromptDetail> {
  const { projectId } = principal;
  try {
    return await afterPromptWrite(deps, projectId, () =>
      deps.db.transaction(async (db) => {
        await bumpGeneration(db, projectId);
        const [row] = await db
          .select()
          .from(prompts)
          .where(and(eq(prompts.projectId, projectId), eq(prompts.name, name)));
        if (!row) throw notFound("prompt", name);
        const [taken] = await db
          .select({ id: prompts.id })
          .from(prompts)
          .where(and(eq(prompts.projectId, projectId), eq(prompts.name, newName)));
        if (taken) throw conflict(`A prompt named '${newName}' already exists`);
        await db.update(prompts).set({ name: newName, updatedAt: deps.clock.now() }).where(eq(prompts.id, row.id));
        await Audit.recordChange({ ...deps, db }, principal, {
          action: "prompt.renamed",
          target: { type: "prompt", id: row.id },
          details: { from: name, to: newName },
        });
        return readDetail(db, projectId, newName, { label: "latest" }, { resolve: false });
      }),
    );
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(`A prompt named '${newName}' already exists`);
    throw e;
  }
}
