import { eq, sql } from "drizzle-orm";
import type { Db } from "../platform/db";
import type { Deps } from "../platform/deps";
import type { InsertResult, ItemError, ItemSchema } from "./datasets.schema";
import { datasetItems, datasets } from "./datasets.sql";
import { compileItemSchema, type ItemValidator } from "./item-schema";
import { type DatasetRow, findDataset } from "./lookup";

/** An item as a client or a CSV row gives it, before any check. */
export interface CandidateItem {
  id?: unknown;
  input?: unknown;
  expectedOutput?: unknown;
  metadata?: unknown;
}

interface ItemRow {
  id: string;
  input: unknown;
  expected_output: unknown;
  metadata: unknown;
}

/** Rows per INSERT statement: one JSON parameter each, unpacked by Postgres (jsonb_to_recordset). */
const ROWS_PER_STATEMENT = 5_000;
const MAX_ID_LENGTH = 200;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Checks each candidate on its own (docs/datasets.md, "Items"): its shape, then the dataset's item schema.
 * Valid ones become rows, invalid ones errors with their `index` in the batch.
 */
export function prepareItems(
  validate: ItemValidator,
  candidates: readonly unknown[],
  newId: () => string,
): { rows: ItemRow[]; errors: ItemError[]; rejected: number } {
  const rows: ItemRow[] = [];
  const errors: ItemError[] = [];
  const seen = new Set<string>();
  let rejected = 0;
  candidates.forEach((candidate, index) => {
    const found: ItemError[] = [];
    if (!isObject(candidate)) {
      found.push({ index, field: "item", message: "must be of type object" });
    } else {
      const { id, input, expectedOutput, metadata } = candidate as CandidateItem;
      if (id !== undefined && id !== null && (typeof id !== "string" || id.length === 0 || id.length > MAX_ID_LENGTH)) {
        found.push({ index, field: "id", message: `must be a string of 1 to ${MAX_ID_LENGTH} characters` });
      } else if (typeof id === "string" && seen.has(id)) {
        found.push({ index, field: "id", message: "appears twice in this request" });
      }
      if (input === undefined || input === null) found.push({ index, field: "input", message: "required" });
      if (metadata !== undefined && metadata !== null && !isObject(metadata))
        found.push({ index, field: "metadata", message: "must be of type object" });
      if (found.length === 0) for (const e of validate(input, expectedOutput)) found.push({ index, ...e });
      if (found.length === 0) {
        const itemId = typeof id === "string" ? id : newId();
        seen.add(itemId);
        rows.push({ id: itemId, input, expected_output: expectedOutput ?? null, metadata: metadata ?? null });
      }
    }
    if (found.length > 0) {
      rejected++;
      errors.push(...found);
    }
  });
  return { rows, errors, rejected };
}

/**
 * Writes prepared rows in a few statements; an id already in the dataset is replaced (input,
 * expected output, metadata), keeping its place in the item order.
 */
export async function writeItems(db: Db, datasetId: string, rows: readonly ItemRow[], now: Date): Promise<void> {
  const at = now.toISOString();
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const json = JSON.stringify(rows.slice(start, start + ROWS_PER_STATEMENT));
    await db.execute(sql`
      INSERT INTO ${datasetItems} (dataset_id, id, input, expected_output, metadata, created_at, updated_at)
      SELECT ${datasetId}, x.id, x.input, x.expected_output, x.metadata, ${at}::timestamptz, ${at}::timestamptz
      FROM jsonb_to_recordset(${json}::jsonb) AS x(id text, input jsonb, expected_output jsonb, metadata jsonb)
      ON CONFLICT (dataset_id, id) DO UPDATE SET input = excluded.input, expected_output = excluded.expected_output, metadata = excluded.metadata, updated_at = excluded.updated_at`);
  }
  if (rows.length > 0) await db.update(datasets).set({ updatedAt: now }).where(eq(datasets.id, datasetId));
}

/** Checks and writes candidates for a dataset already read: the part shared by item insert and CSV import. */
export async function acceptItems(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  dataset: DatasetRow,
  candidates: readonly unknown[],
): Promise<InsertResult> {
  const validate = compileItemSchema(dataset.itemSchema as ItemSchema | null);
  const { rows, errors, rejected } = prepareItems(validate, candidates, () => deps.ids.uuid());
  if (rows.length > 0) await deps.db.transaction((db) => writeItems(db, dataset.id, rows, deps.clock.now()));
  return { added: rows.length, rejected, errors };
}

/**
 * Adds items to a dataset with partial acceptance (docs/datasets.md, "Items"): each item is checked against the
 * declared schema on its own; valid ones are added, invalid ones reported with `index`, `field`
 * and `message`. An item with the id of a stored one replaces it.
 * @throws not_found when the dataset does not exist.
 */
export async function insertItems(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  projectId: string,
  datasetName: string,
  items: readonly unknown[],
): Promise<InsertResult> {
  const dataset = await findDataset(deps.db, projectId, datasetName);
  return acceptItems(deps, dataset, items);
}
