import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../platform/db";
import { isUniqueViolation } from "../platform/db-errors";
import type { Deps } from "../platform/deps";
import { AppError, conflict } from "../platform/errors";
import type { Principal } from "../platform/principal";
import type { RecordRunInput, RunItemInput } from "./datasets.schema";
import { datasetItems, datasetRunItems, datasetRuns } from "./datasets.sql";
import { getRun } from "./get-run";
import { type DatasetRow, findDataset } from "./lookup";

type Link = { datasetItemId: string; traceId: string; observationId?: string | null };
const LINKS_PER_STATEMENT = 2_000;

const itemNotFound = (id: string, dataset: string) =>
  new AppError("not_found", `dataset item '${id}' not found in dataset '${dataset}'`);

/** @throws not_found naming the first id the dataset does not hold. */
async function checkItemsExist(db: Db, dataset: DatasetRow, ids: readonly string[]) {
  const wanted = [...new Set(ids)];
  const found = new Set<string>();
  for (let start = 0; start < wanted.length; start += LINKS_PER_STATEMENT) {
    const rows = await db
      .select({ id: datasetItems.id })
      .from(datasetItems)
      .where(
        and(
          eq(datasetItems.datasetId, dataset.id),
          inArray(datasetItems.id, wanted.slice(start, start + LINKS_PER_STATEMENT)),
        ),
      );
    for (const r of rows) found.add(r.id);
  }
  const missing = wanted.find((id) => !found.has(id));
  if (missing !== undefined) throw itemNotFound(missing, dataset.name);
}

/** Links items to traces in a run; an item linked again gets the new trace (a runner's retry). */
export async function linkRunItems(db: Db, runId: string, links: readonly Link[], now: Date) {
  const last = new Map(links.map((l) => [l.datasetItemId, l]));
  const rows = [...last.values()].map((l) => ({
    runId,
    datasetItemId: l.datasetItemId,
    traceId: l.traceId,
    observationId: l.observationId ?? null,
    createdAt: now,
    updatedAt: now,
  }));
  for (let start = 0; start < rows.length; start += LINKS_PER_STATEMENT) {
    await db
      .insert(datasetRunItems)
      .values(rows.slice(start, start + LINKS_PER_STATEMENT))
      .onConflictDoUpdate({
        target: [datasetRunItems.runId, datasetRunItems.datasetItemId],
        set: {
          traceId: sql`excluded.trace_id`,
          observationId: sql`excluded.observation_id`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
}

/**
 * Records a run (experiment) linking items to the traces the task produced (docs/datasets.md, "Runs and scores"; offline
 * workflow step 3). All or nothing.
 * @throws not_found for an unknown dataset or item; conflict when the run name is taken.
 */
export async function recordRun(
  deps: Pick<Deps, "db" | "telemetry" | "clock" | "ids">,
  principal: Principal,
  name: string,
  input: RecordRunInput,
) {
  try {
    await deps.db.transaction(async (db) => {
      const dataset = await findDataset(db, principal.projectId, name);
      await checkItemsExist(
        db,
        dataset,
        input.items.map((i) => i.datasetItemId),
      );
      const now = deps.clock.now();
      const runId = deps.ids.uuid();
      await db.insert(datasetRuns).values({
        id: runId,
        datasetId: dataset.id,
        name: input.runName,
        version: input.version ?? null,
        metadata: input.metadata ?? null,
        remote: false,
        createdAt: now,
        updatedAt: now,
      });
      await linkRunItems(db, runId, input.items, now);
    });
  } catch (error) {
    if (isUniqueViolation(error, "dataset_runs_dataset_name_idx"))
      throw conflict(
        `Run '${input.runName}' of dataset '${name}' already exists: add items with POST /v1/dataset-run-items`,
      );
    throw error;
  }
  return getRun(deps, principal.projectId, name, input.runName);
}

/**
 * Links one item to its trace within a run (`POST /v1/dataset-run-items`); the run is
 * created on first use, as runners of remote runs and Langfuse-style SDKs expect.
 * @throws not_found for an unknown dataset or item.
 */
export async function recordRunItem(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  principal: Principal,
  input: RunItemInput,
  /** The run's description and metadata when this item creates it (Langfuse's `runDescription`, `metadata`); ignored afterwards. */
  newRun: { description?: string | null; metadata?: Record<string, unknown> | null } = {},
) {
  return deps.db.transaction(async (db) => {
    const dataset = await findDataset(db, principal.projectId, input.datasetName);
    await checkItemsExist(db, dataset, [input.datasetItemId]);
    const now = deps.clock.now();
    await db
      .insert(datasetRuns)
      .values({
        id: deps.ids.uuid(),
        datasetId: dataset.id,
        name: input.runName,
        version: null,
        description: newRun.description ?? null,
        metadata: newRun.metadata ?? null,
        remote: false,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    const [run] = await db
      .select({ id: datasetRuns.id })
      .from(datasetRuns)
      .where(and(eq(datasetRuns.datasetId, dataset.id), eq(datasetRuns.name, input.runName)));
    await linkRunItems(db, run!.id, [input], now);
    return {
      runId: run!.id,
      datasetName: input.datasetName,
      runName: input.runName,
      datasetItemId: input.datasetItemId,
      traceId: input.traceId,
      observationId: input.observationId ?? null,
      createdAt: now.toISOString(),
    };
  });
}
