import { count, eq } from "drizzle-orm";
import * as Audit from "../audit";
import type { Db } from "../platform/db";
import { isUniqueViolation } from "../platform/db-errors";
import type { Deps } from "../platform/deps";
import { conflict, unprocessable } from "../platform/errors";
import { safeExcerpt } from "../platform/excerpt";
import { KeyRingError } from "../platform/keyring";
import { OutboundCallError, type OutboundResponse } from "../platform/ports";
import type { Principal } from "../platform/principal";
import { signatureHeaders } from "../platform/signatures";
import type { RemoteRunAnswer, RunnerStatus, RunTrigger } from "./datasets.schema";
import { datasetItems, datasetRunners, datasetRuns } from "./datasets.sql";
import { findDataset } from "./lookup";

type RemoteDeps = Pick<Deps, "db" | "clock" | "ids" | "keyRing" | "outbound" | "log">;

function outcome(result: OutboundResponse | OutboundCallError): {
  status: RunnerStatus;
  httpStatus: number | null;
  error: string | null;
} {
  if (result instanceof OutboundCallError) {
    return result.kind === "timeout"
      ? { status: "timeout", httpStatus: null, error: `Runner did not answer in time: ${result.message}` }
      : { status: "unreachable", httpStatus: null, error: `Runner unreachable: ${result.message}` };
  }
  if (result.status >= 200 && result.status < 300)
    return { status: "accepted", httpStatus: result.status, error: null };
  // The runner's answer is shown back to the caller: a short clean excerpt only (docs/outbound.md).
  const excerpt = safeExcerpt(result.body);
  return {
    status: "rejected",
    httpStatus: result.status,
    error: `Runner answered ${result.status}${excerpt ? `: ${excerpt}` : ""}`,
  };
}

/**
 * Starts a run on the dataset's runner (docs/datasets.md, "Remote runs"): the empty run row is committed first, then the
 * signed `dataset.run.requested` trigger is sent, then the runner's answer is kept as the runner's
 * last status and error. The answer tells whether the runner accepted, not whether the run succeeded;
 * a run that never reports stays visible and empty.
 * @throws not_found; conflict when no runner is registered or the run name is taken; unprocessable
 * when the stored secret cannot be opened by the key ring.
 */
export async function requestRemoteRun(
  deps: RemoteDeps,
  principal: Principal,
  name: string,
  input: { runName: string; version?: string | null; metadata?: Record<string, unknown> | null },
  /** Runs in the run's transaction, before the trigger is sent (an experiment attaches its evaluators). */
  onCreated?: (db: Db, runId: string) => Promise<void>,
): Promise<RemoteRunAnswer> {
  const dataset = await findDataset(deps.db, principal.projectId, name);
  const [runner] = await deps.db.select().from(datasetRunners).where(eq(datasetRunners.datasetId, dataset.id));
  if (!runner) throw conflict(`Dataset '${name}' has no runner: register one with PUT /v1/datasets/${name}/runner`);
  let secret: string;
  try {
    secret = deps.keyRing.decrypt(runner.secretSealed);
  } catch (error) {
    if (!(error instanceof KeyRingError)) throw error;
    throw unprocessable(
      `The runner secret of dataset '${name}' cannot be opened (${error.message}): register the runner again with PUT /v1/datasets/${name}/runner`,
    );
  }

  const version = input.version ?? null;
  let itemCount = 0;
  try {
    await deps.db.transaction(async (db) => {
      const now = deps.clock.now();
      const runId = deps.ids.uuid();
      await db.insert(datasetRuns).values({
        id: runId,
        datasetId: dataset.id,
        name: input.runName,
        version,
        metadata: input.metadata ?? null,
        remote: true,
        createdAt: now,
        updatedAt: now,
      });
      itemCount = Number(
        (await db.select({ n: count() }).from(datasetItems).where(eq(datasetItems.datasetId, dataset.id)))[0]?.n ?? 0,
      );
      await onCreated?.(db, runId);
      await Audit.recordChange({ ...deps, db }, principal, {
        action: "dataset.remote_run_requested",
        target: { type: "dataset_run", id: runId },
        details: { name, runName: input.runName, version, url: runner.url },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, "dataset_runs_dataset_name_idx"))
      throw conflict(`Run '${input.runName}' of dataset '${name}' already exists`);
    throw error;
  }

  // The run row is committed: whatever the runner does now, the run stays visible.
  const trigger: RunTrigger = {
    event: "dataset.run.requested",
    projectId: principal.projectId,
    dataset: name,
    runName: input.runName,
    version,
    itemCount,
    itemsUrl: `/v1/datasets/${name}`,
    resultsUrl: "/v1/dataset-run-items",
  };
  const body = JSON.stringify(trigger);
  const result = await deps.outbound
    .post(runner.url, { headers: signatureHeaders(secret, body, deps.clock.now()), body })
    .catch((error: unknown) => {
      if (error instanceof OutboundCallError) return error;
      throw error;
    });
  const { status, httpStatus, error } = outcome(result);
  await deps.db
    .update(datasetRunners)
    .set({ lastStatus: status, lastError: error, lastHttpStatus: httpStatus, lastTriggeredAt: deps.clock.now() })
    .where(eq(datasetRunners.datasetId, dataset.id));
  if (error)
    deps.log.warn("dataset runner did not accept the trigger", {
      projectId: principal.projectId,
      dataset: name,
      runName: input.runName,
      status,
      error,
    });
  return { runName: input.runName, accepted: status === "accepted", status, httpStatus, ...(error ? { error } : {}) };
}
