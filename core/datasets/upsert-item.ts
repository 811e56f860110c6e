import { and, eq, sql } from "drizzle-orm";
import * as Audit from "../audit";
import { isUniqueViolation } from "../platform/db-errors";
import type { Deps } from "../platform/deps";
import { conflict, invalid } from "../platform/errors";
import type { Principal } from "../platform/principal";
import type { ItemSchema } from "./datasets.schema";
import { datasetItems, datasets } from "./datasets.sql";
import { prepareItems } from "./insert-items";
import { findItemRecord, getItem, type ItemRecord, type ItemStatus, itemNotFound } from "./item-records";
import { compileItemSchema } from "./item-schema";
import { findDataset } from "./lookup";

export interface UpsertItemInput {
  datasetName: string;
  id?: string;
  input?: unknown;
  expectedOutput?: unknown;
  metadata?: unknown;
  sourceTraceId?: string;
  sourceObservationId?: string;
  status?: ItemStatus;
}

/**
 * Creates one item, or updates the stored item of that id (fields not given keep their values): Langfuse's item upsert
 * (docs/langfuse.md, "Dataset items"). The item passes the same checks as an insert (docs/datasets.md, "Items").
 * @throws not_found for an unknown dataset; invalid_input for an item the checks refuse; conflict when another
 * dataset of the project holds the id, or the dataset already holds an item copied from that source.
 */
export async function upsertItem(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  principal: Principal,
  input: UpsertItemInput,
): Promise<ItemRecord> {
  const id = input.id ?? deps.ids.uuid();
  try {
    await deps.db.transaction(async (db) => {
      const dataset = await findDataset(db, principal.projectId, input.datasetName);
      const [stored] = await db
        .select()
        .from(datasetItems)
        .where(and(eq(datasetItems.datasetId, dataset.id), eq(datasetItems.id, id)));
      if (!stored) {
        const holder = await findItemRecord(db, principal.projectId, id);
        if (holder) {
          throw conflict(
            `Dataset item id '${id}' already exists in another dataset ('${holder.datasetName}') of this project; item ids are unique per project across datasets. Use a different id or target dataset '${holder.datasetName}'`,
          );
        }
      }
      const item = {
        id,
        input: input.input ?? stored?.input,
        expectedOutput: input.expectedOutput ?? stored?.expectedOutput ?? null,
        metadata: input.metadata ?? stored?.metadata ?? null,
      };
      const { errors } = prepareItems(compileItemSchema(dataset.itemSchema as ItemSchema | null), [item], () => id);
      if (errors.length > 0)
        throw invalid(`Invalid dataset item: ${errors.map((e) => `${e.field} ${e.message}`).join("; ")}`, {
          errors: errors.map(({ field, message }) => ({ field, message })),
        });
      const now = deps.clock.now();
      const row = {
        datasetId: dataset.id,
        id,
        input: item.input,
        expectedOutput: item.expectedOutput,
        metadata: item.metadata,
        sourceTraceId: input.sourceTraceId ?? stored?.sourceTraceId ?? null,
        sourceObservationId: input.sourceObservationId ?? stored?.sourceObservationId ?? null,
        status: input.status ?? stored?.status ?? "ACTIVE",
        updatedAt: now,
      };
      await db
        .insert(datasetItems)
        .values({ ...row, createdAt: now })
        .onConflictDoUpdate({
          target: [datasetItems.datasetId, datasetItems.id],
          set: {
            input: sql`excluded.input`,
            expectedOutput: sql`excluded.expected_output`,
            metadata: sql`excluded.metadata`,
            sourceTraceId: sql`excluded.source_trace_id`,
            sourceObservationId: sql`excluded.source_observation_id`,
            status: sql`excluded.status`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
      await db.update(datasets).set({ updatedAt: now }).where(eq(datasets.id, dataset.id));
    });
  } catch (error) {
    if (isUniqueViolation(error, "dataset_items_source_idx")) {
      const source = input.sourceObservationId
        ? `observation '${input.sourceObservationId}' of trace '${input.sourceTraceId}'`
        : `trace '${input.sourceTraceId}'`;
      throw conflict(`Dataset '${input.datasetName}' already holds an item copied from ${source}`);
    }
    throw error;
  }
  return getItem(deps, principal.projectId, id);
}

/**
 * Deletes the item of that id from its dataset; records `dataset.item_deleted`. Run items that linked it stay, as
 * traces do (docs/langfuse.md, "Dataset items").
 * @throws not_found
 */
export async function deleteItem(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  principal: Principal,
  id: string,
): Promise<void> {
  await deps.db.transaction(async (db) => {
    const item = await findItemRecord(db, principal.projectId, id);
    if (!item) throw itemNotFound(id);
    await db.delete(datasetItems).where(and(eq(datasetItems.datasetId, item.datasetId), eq(datasetItems.id, id)));
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "dataset.item_deleted",
      target: { type: "dataset", id: item.datasetId },
      details: { name: item.datasetName, itemId: id },
    });
  });
}
