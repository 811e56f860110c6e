import * as Audit from "../audit";
import type { Deps } from "../platform/deps";
import { invalid } from "../platform/errors";
import type { Principal } from "../platform/principal";
import * as Traces from "../traces";
import type { FromObservationsInput, FromObservationsResult, ItemSchema, SkippedSource } from "./datasets.schema";
import { prepareItems } from "./insert-items";
import { compileItemSchema } from "./item-schema";
import { findDataset } from "./lookup";
import { copiedFields, insertSourcedRows, itemsFromSources, type SourcedRow } from "./source-items";

type Copier = Pick<Deps, "db" | "telemetry" | "blobs" | "clock" | "ids">;

/**
 * Adds an item for every observation a span-explorer selection matches (docs/datasets.md, "From traces"), the newest
 * `limit` of them: each copies the observation's input, output (as expected output) and metadata. An observation
 * with an item in the dataset already, or whose item fails the item schema, is skipped and listed with the reason.
 * Records `dataset.items_copied` in the transaction that writes the items.
 * @throws not_found for an unknown dataset; invalid_input for a bad filter, or a selection that matches nothing
 * (nothing is written).
 */
export async function addItemsFromObservations(
  deps: Copier,
  principal: Principal,
  datasetName: string,
  input: FromObservationsInput,
): Promise<FromObservationsResult> {
  const dataset = await findDataset(deps.db, principal.projectId, datasetName);
  const { limit, filter, ...simple } = input;
  const selection = { ...simple, filter: Array.isArray(filter) ? JSON.stringify(filter) : filter };
  const { keys, capped } = await Traces.selectObservationKeys(deps, principal.projectId, selection, limit);
  if (keys.length === 0)
    throw invalid(`No observation matches the selection: nothing was added to dataset '${dataset.name}'`);
  const [sources, existing] = await Promise.all([
    Traces.readSources(deps, principal.projectId, keys),
    itemsFromSources(deps.db, dataset.id, keys),
  ]);

  const validate = compileItemSchema(dataset.itemSchema as ItemSchema | null);
  const rows: SourcedRow[] = [];
  const skippedItems: SkippedSource[] = [];
  const skip = (
    key: Traces.SourceKey,
    reason: SkippedSource["reason"],
    itemId: string | null,
    errors: SkippedSource["errors"],
  ) => skippedItems.push({ traceId: key.traceId, observationId: key.observationId, reason, itemId, errors });
  for (const key of keys) {
    const source = sources.get(Traces.sourceKey(key));
    // Selected but gone since (deleted meanwhile): nothing to copy, and nothing to report as a failure.
    if (!source) continue;
    const itemId = existing.get(Traces.sourceKey(key));
    if (itemId !== undefined) {
      skip(key, "duplicate", itemId, []);
      continue;
    }
    const {
      rows: [row],
      errors,
    } = prepareItems(validate, [copiedFields(source)], () => deps.ids.uuid());
    if (!row)
      skip(
        key,
        "invalid",
        null,
        errors.map((e) => ({ field: e.field, message: e.message })),
      );
    else
      rows.push({
        ...row,
        source_trace_id: key.traceId,
        source_observation_id: key.observationId,
        source_user_id: source.userId,
      });
  }

  let added = 0;
  await deps.db.transaction(async (db) => {
    const written =
      rows.length > 0 ? await insertSourcedRows(db, dataset.id, rows, deps.clock.now()) : new Set<string>();
    added = written.size;
    // A concurrent add of the same sources wrote them first: they are duplicates too.
    for (const row of rows)
      if (!written.has(row.id))
        skip({ traceId: row.source_trace_id, observationId: row.source_observation_id }, "duplicate", null, []);
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "dataset.items_copied",
      target: { type: "dataset", id: dataset.id },
      details: {
        dataset: dataset.name,
        selection: input,
        selected: keys.length,
        capped,
        added,
        skipped: skippedItems.length,
      },
    });
  });
  return { selected: keys.length, capped, added, skipped: skippedItems.length, skippedItems };
}
