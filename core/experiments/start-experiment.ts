import { eq } from "drizzle-orm";
import * as Audit from "../audit";
import * as Datasets from "../datasets";
import * as Evaluators from "../evaluators";
import { isUniqueViolation } from "../platform/db-errors";
import type { Deps } from "../platform/deps";
import { conflict, invalid } from "../platform/errors";
import type { Principal } from "../platform/principal";
import * as Prompts from "../prompts";
import type { StartExperimentInput } from "./experiments.schema";
import { experimentItems, experimentRuns } from "./experiments.sql";
import { laneJobs } from "./lanes";
import { getExperimentRun } from "./read-experiment";

type StartDeps = Pick<Deps, "db" | "telemetry" | "clock" | "ids" | "queues" | "keyRing" | "config" | "caches">;

/** A run name from the prompt and the start time, e.g. `qa-v3-20261127-001700`. */
function defaultRunName(prompt: string, version: number, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  const base = prompt.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[^A-Za-z0-9]+/, "") || "experiment";
  return `${base.slice(0, 150)}-v${version}-${stamp}`;
}

/**
 * Starts an experiment run by Sightline (docs/experiments.md): everything is checked before anything is written,
 * then the run, its items and its evaluators are committed with the audit entry, then one message per lane is
 * queued. The answer is the queued run.
 * @throws not_found for an unknown dataset, prompt, version, label or evaluator; invalid_input for a prompt variable
 * the mapping leaves unbound or a thread-scope evaluator; conflict for a provider without credentials, an empty
 * dataset, or a run name already taken.
 */
export async function startExperiment(
  deps: StartDeps,
  principal: Principal,
  datasetName: string,
  input: StartExperimentInput,
) {
  const { projectId } = principal;
  const dataset = await Datasets.findDataset(deps.db, projectId, datasetName);
  const selector =
    input.prompt.version !== undefined
      ? { version: input.prompt.version }
      : { label: input.prompt.label ?? "production" };
  const prompt = await Prompts.resolvePrompt(deps, projectId, input.prompt.name, selector);
  const unbound = Prompts.variablesOf(prompt.content).filter((v) => !Object.hasOwn(input.mapping, v));
  if (unbound.length > 0) {
    const list = unbound.map((v) => `'${v}'`).join(", ");
    throw invalid(
      `Prompt '${prompt.name}' version ${prompt.version} uses ${unbound.length === 1 ? "variable" : "variables"} ${list} that the mapping leaves unbound: map ${unbound.length === 1 ? "it" : "each"} to an item field, e.g. {"${unbound[0]}": "input.${unbound[0]}"}`,
      { unbound },
    );
  }
  const evaluators = await Evaluators.experimentEvaluatorsNamed(deps, projectId, input.evaluators);
  if (input.provider !== "mock") {
    const credentials = await Evaluators.openCredentials(deps, projectId, [input.provider]);
    if (!credentials.has(input.provider))
      throw conflict(
        `No credentials for provider "${input.provider}" in this project: PUT /v1/providers/${input.provider}`,
      );
  }
  const items = await Datasets.itemOrder(deps.db, dataset.id);
  if (items.length === 0)
    throw conflict(
      `Dataset '${datasetName}' has no items: add items with POST /v1/datasets/${datasetName}/items before running an experiment`,
    );

  const now = deps.clock.now();
  const runName = input.runName ?? defaultRunName(prompt.name, prompt.version, now);
  const runId = deps.ids.uuid();
  const lanes = Math.min(input.concurrency, items.length);
  try {
    await deps.db.transaction(async (db) => {
      await Datasets.insertRun(db, {
        id: runId,
        datasetId: dataset.id,
        name: runName,
        version: `${prompt.name}@${prompt.version}`,
        metadata: {
          experiment: {
            prompt: { name: prompt.name, version: prompt.version },
            provider: input.provider,
            model: input.model,
            parameters: input.parameters,
          },
        },
        now,
      });
      await db.insert(experimentRuns).values({
        runId,
        projectId,
        datasetId: dataset.id,
        datasetName,
        runName,
        status: "queued",
        promptName: prompt.name,
        promptVersion: prompt.version,
        promptLabel: input.prompt.version === undefined ? selector.label! : null,
        provider: input.provider,
        model: input.model,
        parameters: input.parameters,
        mapping: input.mapping,
        evaluators: evaluators.map((e) => e.name),
        concurrency: input.concurrency,
        total: items.length,
        error: null,
        createdAt: now,
        updatedAt: now,
        finishedAt: null,
      });
      for (let start = 0; start < items.length; start += 2_000) {
        await db
          .insert(experimentItems)
          .values(
            items
              .slice(start, start + 2_000)
              .map((i) => ({ runId, datasetItemId: i.id, seq: i.seq, status: "pending" as const, updatedAt: now })),
          );
      }
      await Evaluators.attachRunEvaluators({ ...deps, db }, projectId, runId, evaluators);
      await Audit.recordChange({ ...deps, db }, principal, {
        action: "dataset.experiment_started",
        target: { type: "dataset_run", id: runId },
        details: {
          name: datasetName,
          runName,
          prompt: { name: prompt.name, version: prompt.version },
          provider: input.provider,
          model: input.model,
          evaluators: evaluators.map((e) => e.name),
          concurrency: input.concurrency,
          items: items.length,
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, "dataset_runs_dataset_name_idx"))
      throw conflict(`Run '${runName}' of dataset '${datasetName}' already exists: choose another runName`);
    throw error;
  }
  // After the commit, so a lane never looks for a run that is not there yet.
  try {
    await deps.queues.experiment.send(laneJobs(projectId, runId, lanes));
  } catch (error) {
    await deps.db
      .update(experimentRuns)
      .set({
        status: "failed",
        error: "the run could not be queued",
        finishedAt: deps.clock.now(),
        updatedAt: deps.clock.now(),
      })
      .where(eq(experimentRuns.runId, runId));
    throw error;
  }
  return getExperimentRun(deps, projectId, datasetName, runName);
}
