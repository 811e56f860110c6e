import { eq, inArray } from "drizzle-orm";
import * as Datasets from "../datasets";
import type { Deps } from "../platform/deps";
import { conflict } from "../platform/errors";
import type { Principal } from "../platform/principal";
import { experimentItems, experimentRuns } from "./experiments.sql";

/**
 * Deletes a dataset run (Datasets.deleteRun) and, when Sightline ran it, the experiment's record. A run Sightline is
 * still executing is refused: its lanes would link items to a run that is gone (docs/langfuse.md, "Dataset runs").
 * @throws not_found for an unknown dataset or run; conflict while the experiment is queued or running.
 */
export async function deleteRun(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  principal: Principal,
  datasetName: string,
  runName: string,
): Promise<void> {
  const run = await Datasets.findRun(
    deps.db,
    await Datasets.findDataset(deps.db, principal.projectId, datasetName),
    runName,
  );
  const [experiment] = await deps.db
    .select({ status: experimentRuns.status })
    .from(experimentRuns)
    .where(eq(experimentRuns.runId, run.id));
  if (experiment && (experiment.status === "queued" || experiment.status === "running")) {
    throw conflict(
      `Run '${runName}' of dataset '${datasetName}' is still running: cancel it first (POST /v1/datasets/${datasetName}/runs/${runName}/cancel)`,
    );
  }
  await Datasets.deleteRun(deps, principal, datasetName, runName);
  if (experiment) {
    await deps.db.delete(experimentItems).where(inArray(experimentItems.runId, [run.id]));
    await deps.db.delete(experimentRuns).where(eq(experimentRuns.runId, run.id));
  }
}
