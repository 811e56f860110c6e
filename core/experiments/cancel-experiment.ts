import { and, eq } from "drizzle-orm";
import * as Audit from "../audit";
import * as Datasets from "../datasets";
import type { Deps } from "../platform/deps";
import { conflict } from "../platform/errors";
import type { Principal } from "../platform/principal";
import { experimentItems, experimentRuns } from "./experiments.sql";
import { getExperimentRun } from "./read-experiment";

/**
 * Cancels an experiment (docs/experiments.md, "Cancelling"): its pending items are cancelled and its lanes stop at
 * their next item; what is done stays, and a call in flight finishes and is kept.
 * @throws not_found for an unknown dataset or run; conflict for a run Sightline does not execute, or one already ended.
 */
export async function cancelExperiment(
  deps: Pick<Deps, "db" | "telemetry" | "clock" | "ids">,
  principal: Principal,
  datasetName: string,
  runName: string,
) {
  await deps.db.transaction(async (db) => {
    const dataset = await Datasets.findDataset(db, principal.projectId, datasetName);
    const run = await Datasets.findRun(db, dataset, runName);
    const [experiment] = await db
      .select()
      .from(experimentRuns)
      .where(and(eq(experimentRuns.runId, run.id), eq(experimentRuns.projectId, principal.projectId)))
      .for("update");
    if (!experiment)
      throw conflict(
        `Run '${runName}' of dataset '${datasetName}' is not an experiment run by Sightline: there is nothing to cancel`,
      );
    if (experiment.status === "cancelled")
      throw conflict(`Run '${runName}' of dataset '${datasetName}' is already cancelled`);
    if (experiment.status === "completed" || experiment.status === "failed")
      throw conflict(
        `Run '${runName}' of dataset '${datasetName}' already ended (${experiment.status}): there is nothing to cancel`,
      );
    const now = deps.clock.now();
    await db
      .update(experimentRuns)
      .set({ status: "cancelled", finishedAt: now, updatedAt: now })
      .where(eq(experimentRuns.runId, run.id));
    await db
      .update(experimentItems)
      .set({ status: "cancelled", updatedAt: now })
      .where(and(eq(experimentItems.runId, run.id), eq(experimentItems.status, "pending")));
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "dataset.experiment_cancelled",
      target: { type: "dataset_run", id: run.id },
      details: { name: datasetName, runName },
    });
  });
  return getExperimentRun(deps, principal.projectId, datasetName, runName);
}
