import { and, count, desc, eq, ne } from "drizzle-orm";
import * as Audit from "../audit";
import type { Db } from "../platform/db";
import type { Deps } from "../platform/deps";
import { AppError, notFound } from "../platform/errors";
import type { Principal } from "../platform/principal";
import { LATEST } from "./prompts.schema";
import { promptLabels, prompts, promptVersions } from "./prompts.sql";
import type { Selector } from "./read-prompt";
import { afterPromptWrite, bumpGeneration } from "./resolve-cache";

/**
 * Deletes a prompt with every version and channel, or only the version a selector names
 * (docs/prompts.md, "Deleting versions"). Labels on a deleted version go with it, except
 * `latest`, which moves to the highest version left; deleting the last version deletes the
 * prompt. A later save of the name takes the highest version left + 1 (1 after a whole
 * delete); includes of what is gone fail at resolve (422).
 * @throws not_found when the prompt, or a version under that number or label, does not exist.
 */
export async function deletePrompt(
  deps: Pick<Deps, "db" | "clock" | "ids" | "caches">,
  principal: Principal,
  name: string,
  only?: Selector,
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
      const target = only ? await selectedVersion(db, row.id, name, only) : undefined;
      const [{ versions } = { versions: 0 }] = await db
        .select({ versions: count() })
        .from(promptVersions)
        .where(eq(promptVersions.promptId, row.id));

      if (target === undefined || versions <= 1) {
        // Versions and channels go with the prompt (ON DELETE CASCADE).
        await db.delete(prompts).where(eq(prompts.id, row.id));
        await Audit.recordChange({ ...deps, db }, principal, {
          action: "prompt.deleted",
          target: { type: "prompt", id: row.id },
          details: { name, versions },
        });
        return { name, deletedVersions: versions };
      }

      const dropped = await db
        .delete(promptLabels)
        .where(and(eq(promptLabels.promptId, row.id), eq(promptLabels.version, target), ne(promptLabels.label, LATEST)))
        .returning({ label: promptLabels.label });
      await db
        .delete(promptVersions)
        .where(and(eq(promptVersions.promptId, row.id), eq(promptVersions.version, target)));
      const [newest] = await db
        .select({ version: promptVersions.version, type: promptVersions.type })
        .from(promptVersions)
        .where(eq(promptVersions.promptId, row.id))
        .orderBy(desc(promptVersions.version))
        .limit(1);
      if (!newest) throw new Error(`prompt '${name}' lost its last version while only one was deleted`);
      const now = deps.clock.now();
      await db
        .update(promptLabels)
        .set({ version: newest.version, updatedAt: now })
        .where(and(eq(promptLabels.promptId, row.id), eq(promptLabels.label, LATEST)));
      await db
        .update(prompts)
        .set({ latestVersion: newest.version, latestType: newest.type, updatedAt: now })
        .where(eq(prompts.id, row.id));
      await Audit.recordChange({ ...deps, db }, principal, {
        action: "prompt.version_deleted",
        target: { type: "prompt", id: row.id },
        details: {
          name,
          version: target,
          labels: dropped.map((d) => d.label).sort(),
          latestVersion: newest.version,
        },
      });
      return { name, deletedVersions: 1 };
    }),
  );
}

/** The version number a selector names; a label names the one version it points at. */
async function selectedVersion(db: Db, promptId: string, name: string, only: Selector): Promise<number> {
  const [hit] =
    only.version !== undefined
      ? await db
          .select({ version: promptVersions.version })
          .from(promptVersions)
          .where(and(eq(promptVersions.promptId, promptId), eq(promptVersions.version, only.version)))
      : await db
          .select({ version: promptLabels.version })
          .from(promptLabels)
          .where(and(eq(promptLabels.promptId, promptId), eq(promptLabels.label, only.label)));
  if (!hit) {
    throw new AppError(
      "not_found",
      only.version !== undefined
        ? `prompt '${name}' has no version ${only.version}`
        : `prompt '${name}' has no version with label '${only.label}'`,
    );
  }
  return hit.version;
}
