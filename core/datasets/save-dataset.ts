import { eq } from "drizzle-orm";
import * as Audit from "../audit";
import { isUniqueViolation } from "../platform/db-errors";
import type { Deps } from "../platform/deps";
import { conflict } from "../platform/errors";
import type { Principal } from "../platform/principal";
import type { ItemSchema } from "./datasets.schema";
import { datasets } from "./datasets.sql";
import { type DatasetRow, findDataset } from "./lookup";

export interface SaveDatasetInput {
  name: string;
  description?: string | null;
  metadata?: Record<string, unknown> | null;
  /** Replaces the item schema when given; stored items are not re-validated (docs/datasets.md, "Item schema"). */
  schema?: ItemSchema;
}

/**
 * Creates the dataset, or updates the description, metadata and schema given of the one of that name: the
 * create-or-update Langfuse's SDKs expect (docs/langfuse.md, "Datasets"). Fields not given keep their values.
 * Records `dataset.created` or `dataset.updated`.
 * @throws conflict when a concurrent create of the same name wins.
 */
export async function saveDataset(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  principal: Principal,
  input: SaveDatasetInput,
): Promise<DatasetRow> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (db) => {
      const existing = await findDataset(db, principal.projectId, input.name).catch(() => null);
      const changes = {
        ...(input.description !== undefined && input.description !== null ? { description: input.description } : {}),
        ...(input.metadata !== undefined && input.metadata !== null ? { metadata: input.metadata } : {}),
        ...(input.schema !== undefined ? { itemSchema: input.schema } : {}),
      };
      if (existing) {
        const [row] = await db
          .update(datasets)
          .set({ ...changes, updatedAt: now })
          .where(eq(datasets.id, existing.id))
          .returning();
        await Audit.recordChange({ ...deps, db }, principal, {
          action: "dataset.updated",
          target: { type: "dataset", id: existing.id },
          details: { name: input.name, changed: Object.keys(changes) },
        });
        return row!;
      }
      const [row] = await db
        .insert(datasets)
        .values({
          id: deps.ids.uuid(),
          projectId: principal.projectId,
          name: input.name,
          description: null,
          metadata: null,
          itemSchema: null,
          ...changes,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await Audit.recordChange({ ...deps, db }, principal, {
        action: "dataset.created",
        target: { type: "dataset", id: row!.id },
        details: { name: input.name },
      });
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error, "datasets_project_name_idx"))
      throw conflict(`Dataset '${input.name}' was created concurrently; send the request again`);
    throw error;
  }
}
