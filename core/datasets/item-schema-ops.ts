import { and, asc, eq, gt } from "drizzle-orm";
import * as Audit from "../audit";
import type { Deps } from "../platform/deps";
import type { Principal } from "../platform/principal";
import type { ItemSchema } from "./datasets.schema";
import { datasetItems, datasets } from "./datasets.sql";
import { decodeJson, itemColumns } from "./get-dataset";
import { compileItemSchema } from "./item-schema";
import { findDataset } from "./lookup";

/** Items read per round when checking a schema, so a large dataset never sits in memory at once. */
const CHECK_PAGE = 5_000;
/** Failures listed by a check (the count covers every item). */
const CHECK_ERRORS_SHOWN = 100;

/**
 * Declares (or replaces) the dataset's item schema; records `dataset.schema_declared`. Stored
 * items are not re-validated (docs/datasets.md, "Item schema"): `checkSchema` tells how many would fail.
 * @throws not_found
 */
export async function declareSchema(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  principal: Principal,
  name: string,
  schema: ItemSchema,
) {
  return deps.db.transaction(async (db) => {
    const dataset = await findDataset(db, principal.projectId, name);
    const now = deps.clock.now();
    await db.update(datasets).set({ itemSchema: schema, updatedAt: now }).where(eq(datasets.id, dataset.id));
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "dataset.schema_declared",
      target: { type: "dataset", id: dataset.id },
      details: { name, schema, previous: dataset.itemSchema },
    });
    return { name, schema, updatedAt: now.toISOString() };
  });
}

/**
 * How many current items would fail the declared schema (none when no schema is declared), with
 * the first failures: `index` is the item's position in the dataset's order. @throws not_found
 */
export async function checkSchema(deps: Pick<Deps, "db">, projectId: string, name: string) {
  const dataset = await findDataset(deps.db, projectId, name);
  const schema = dataset.itemSchema as ItemSchema | null;
  const validate = compileItemSchema(schema);
  const errors: { index: number; itemId: string; field: string; message: string }[] = [];
  let total = 0;
  let failing = 0;
  for (let after: number | null = null; schema; ) {
    const rows = await deps.db
      .select(itemColumns)
      .from(datasetItems)
      .where(
        after === null
          ? eq(datasetItems.datasetId, dataset.id)
          : and(eq(datasetItems.datasetId, dataset.id), gt(datasetItems.seq, after)),
      )
      .orderBy(asc(datasetItems.seq))
      .limit(CHECK_PAGE);
    rows.forEach((row, i) => {
      const found = validate(decodeJson(row.input), decodeJson(row.expectedOutput));
      if (found.length === 0) return;
      failing++;
      for (const e of found)
        if (errors.length < CHECK_ERRORS_SHOWN) errors.push({ index: total + i, itemId: row.id, ...e });
    });
    total += rows.length;
    if (rows.length < CHECK_PAGE) break;
    after = rows.at(-1)!.seq;
  }
  if (!schema) total = (await deps.db.$count(datasetItems, eq(datasetItems.datasetId, dataset.id))) ?? 0;
  return { schema, total, failing, errors };
}
