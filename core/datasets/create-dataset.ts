import * as Audit from "../audit";
import { isUniqueViolation } from "../platform/db-errors";
import type { Deps } from "../platform/deps";
import { conflict } from "../platform/errors";
import type { Principal } from "../platform/principal";
import type { CreateDatasetInput, DatasetDetail } from "./datasets.schema";
import { datasets } from "./datasets.sql";

/**
 * Creates an empty dataset; records `dataset.created`.
 * @throws conflict when the project already has a dataset of that name.
 */
export async function createDataset(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  principal: Principal,
  input: CreateDatasetInput,
): Promise<DatasetDetail> {
  const now = deps.clock.now();
  const row = {
    id: deps.ids.uuid(),
    projectId: principal.projectId,
    name: input.name,
    description: input.description ?? null,
    metadata: input.metadata ?? null,
    itemSchema: null,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await deps.db.transaction(async (db) => {
      await db.insert(datasets).values(row);
      await Audit.recordChange({ ...deps, db }, principal, {
        action: "dataset.created",
        target: { type: "dataset", id: row.id },
        details: { name: row.name },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, "datasets_project_name_idx")) throw conflict(`Dataset '${input.name}' already exists`);
    throw error;
  }
  const at = now.toISOString();
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    metadata: row.metadata,
    schema: null,
    runner: null,
    itemCount: 0,
    runs: [],
    items: [],
    nextCursor: null,
    createdAt: at,
    updatedAt: at,
  };
}
