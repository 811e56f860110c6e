import { asc, eq } from "drizzle-orm";
import type { Deps } from "../platform/deps";
import type { RunDetail } from "./datasets.schema";
import { datasetRunItems } from "./datasets.sql";
import { findDataset, findRun } from "./lookup";
import { runScores } from "./run-scores";

/** A run with every item-to-trace link and the mean of each numeric score over its traces. @throws not_found */
export async function getRun(
  deps: Pick<Deps, "db" | "telemetry">,
  projectId: string,
  name: string,
  runName: string,
): Promise<RunDetail> {
  const dataset = await findDataset(deps.db, projectId, name);
  const run = await findRun(deps.db, dataset, runName);
  const links = await deps.db
    .select()
    .from(datasetRunItems)
    .where(eq(datasetRunItems.runId, run.id))
    .orderBy(asc(datasetRunItems.createdAt), asc(datasetRunItems.datasetItemId));
  const traceIds = links.map((l) => l.traceId);
  const scores = await runScores(deps, projectId, traceIds);
  return {
    datasetName: name,
    name: run.name,
    version: run.version,
    metadata: run.metadata,
    remote: run.remote,
    createdAt: run.createdAt.toISOString(),
    items: links.map((l) => ({
      datasetItemId: l.datasetItemId,
      traceId: l.traceId,
      observationId: l.observationId,
      createdAt: l.createdAt.toISOString(),
    })),
    scores: scores.means(traceIds),
  };
}
