import { and, eq } from "drizzle-orm";
import * as Audit from "../audit";
import { isUniqueViolation } from "../platform/db-errors";
import type { Deps } from "../platform/deps";
import { AppError, conflict, invalid, notFound } from "../platform/errors";
import type { Principal } from "../platform/principal";
import * as Traces from "../traces";
import type { DatasetItemView, FromTraceInput, ItemSchema } from "./datasets.schema";
import { datasetItems, datasets } from "./datasets.sql";
import { itemColumns, itemView } from "./get-dataset";
import { prepareItems } from "./insert-items";
import { compileItemSchema } from "./item-schema";
import { findDataset } from "./lookup";
import { copiedFields, itemsFromSources } from "./source-items";

type Copier = Pick<Deps, "db" | "telemetry" | "blobs" | "clock" | "ids">;

/** 404 for a source the project does not hold: an observation is named with its trace. */
export const sourceNotFound = (traceId: string, observationId: string | null) =>
  observationId === null
    ? notFound("Trace", traceId)
    : new AppError("not_found", `Observation '${observationId}' of trace '${traceId}' not found`);

const describeSource = (traceId: string, observationId: string | null) =>
  observationId === null ? `trace '${traceId}'` : `observation '${observationId}' of trace '${traceId}'`;

/**
 * Adds one item copied from a trace or one of its observations (docs/datasets.md, "From traces"): the stored input,
 * output (as expected output) and metadata, offloaded bodies included, unless the request gives its own; the source
 * ids stay on the item. Records `dataset.item_copied`.
 * @throws not_found for an unknown dataset, trace or observation; invalid_input when the item fails the item schema;
 * conflict when another item of the dataset was copied from the same source (send its id to replace it).
 */
export async function addItemFromTrace(
  deps: Copier,
  principal: Principal,
  datasetName: string,
  input: FromTraceInput,
): Promise<DatasetItemView> {
  const dataset = await findDataset(deps.db, principal.projectId, datasetName);
  const key = { traceId: input.traceId, observationId: input.observationId ?? null };
  const source = (await Traces.readSources(deps, principal.projectId, [key])).get(Traces.sourceKey(key));
  if (!source) throw sourceNotFound(key.traceId, key.observationId);
  const copied = copiedFields(source);
  const candidate = {
    id: input.id,
    input: input.input !== undefined ? input.input : copied.input,
    expectedOutput: input.expectedOutput !== undefined ? input.expectedOutput : copied.expectedOutput,
    metadata: input.metadata !== undefined ? input.metadata : copied.metadata,
  };
  const { rows, errors } = prepareItems(compileItemSchema(dataset.itemSchema as ItemSchema | null), [candidate], () =>
    deps.ids.uuid(),
  );
  const row = rows[0];
  if (!row) {
    const listed = errors.map((e) => ({ field: e.field, message: e.message }));
    throw invalid(
      `The item copied from ${describeSource(key.traceId, key.observationId)} does not fit dataset '${dataset.name}': ${listed.map((e) => `${e.field} ${e.message}`).join("; ")}`,
      { errors: listed },
    );
  }
  const existing = (await itemsFromSources(deps.db, dataset.id, [key])).get(Traces.sourceKey(key));
  if (existing !== undefined && existing !== row.id) {
    throw new AppError(
      "conflict",
      `Dataset '${dataset.name}' already holds item '${existing}' copied from ${describeSource(key.traceId, key.observationId)}; send "id": "${existing}" to replace it`,
      { itemId: existing },
    );
  }
  const now = deps.clock.now();
  const values = {
    datasetId: dataset.id,
    id: row.id,
    input: row.input,
    expectedOutput: row.expected_output,
    metadata: row.metadata,
    sourceTraceId: key.traceId,
    sourceObservationId: key.observationId,
    sourceUserId: source.userId,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await deps.db.transaction(async (db) => {
      await db
        .insert(datasetItems)
        .values(values)
        .onConflictDoUpdate({
          target: [datasetItems.datasetId, datasetItems.id],
          set: {
            input: values.input,
            expectedOutput: values.expectedOutput,
            metadata: values.metadata,
            sourceTraceId: key.traceId,
            sourceObservationId: key.observationId,
            sourceUserId: source.userId,
            updatedAt: now,
          },
        });
      await db.update(datasets).set({ updatedAt: now }).where(eq(datasets.id, dataset.id));
      await Audit.recordChange({ ...deps, db }, principal, {
        action: "dataset.item_copied",
        target: { type: "dataset_item", id: row.id },
        details: { dataset: dataset.name, traceId: key.traceId, observationId: key.observationId },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, "dataset_items_source_idx"))
      throw conflict(
        `Dataset '${dataset.name}' already holds an item copied from ${describeSource(key.traceId, key.observationId)}`,
      );
    throw error;
  }
  const [stored] = await deps.db
    .select(itemColumns)
    .from(datasetItems)
    .where(and(eq(datasetItems.datasetId, dataset.id), eq(datasetItems.id, row.id)));
  return itemView(stored!);
}
