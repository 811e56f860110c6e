import { createHash } from "node:crypto";
import * as Audit from "../audit";
import * as Media from "../media";
import type { Deps } from "../platform/deps";
import { notFound } from "../platform/errors";
import type { Principal } from "../platform/principal";
import * as Telemetry from "../telemetry";

type Deleter = Pick<Deps, "telemetry" | "blobs" | "db" | "clock" | "ids">;

export interface Deleted {
  traces: number;
  observations: number;
  scores: number;
  payloadBlobs: number;
}

const CHUNK = 5_000;

/**
 * Removes traces of a project with everything attached: their rows in every telemetry
 * table (lightweight DELETE, so the rows vanish from reads at once and from disk at the
 * parts' next merge), their scores and observations, their offloaded payloads, and their
 * rows in the relational trace mirror, and the media files only they link to. Raw event batches age out by retention.
 */
export async function purgeTraces(
  deps: Pick<Deps, "telemetry" | "blobs" | "db">,
  projectId: string,
  traceIds: readonly string[],
): Promise<Deleted> {
  const deleted: Deleted = { traces: 0, observations: 0, scores: 0, payloadBlobs: 0 };
  for (let i = 0; i < traceIds.length; i += CHUNK) {
    const ids = traceIds.slice(i, i + CHUNK);
    const params = { projectId, ids };
    const [counts] = await deps.telemetry.query<{ t: number; o: number; s: number }>(
      `SELECT (SELECT toUInt32(uniqExact(id)) FROM traces WHERE project_id = {projectId:String} AND id IN {ids:Array(String)}) AS t,
              (SELECT toUInt32(uniqExact(trace_id, id)) FROM observations WHERE project_id = {projectId:String} AND trace_id IN {ids:Array(String)}) AS o,
              (SELECT toUInt32(uniqExact(trace_id, id)) FROM scores WHERE project_id = {projectId:String} AND trace_id IN {ids:Array(String)}) AS s`,
      params,
    );
    await Promise.all([
      deps.telemetry.command(
        "DELETE FROM observations WHERE project_id = {projectId:String} AND trace_id IN {ids:Array(String)}",
        params,
      ),
      deps.telemetry.command(
        "DELETE FROM scores WHERE project_id = {projectId:String} AND trace_id IN {ids:Array(String)}",
        params,
      ),
    ]);
    // The trace rows go last: until then a failed run can be repeated and finds the trace again.
    await deps.telemetry.command(
      "DELETE FROM traces WHERE project_id = {projectId:String} AND id IN {ids:Array(String)}",
      params,
    );
    const blobs = (await Promise.all(ids.map((id) => deps.blobs.list(Telemetry.payloadPrefix(projectId, id))))).flat();
    if (blobs.length) await deps.blobs.delete(blobs);
    // Media no other trace of the project still shows goes with them (docs/media.md, "Deletion").
    await Media.forgetTraceMedia(deps, projectId, ids);
    // After the rows: while any row remains, its partition day must stay assigned.
    await Telemetry.forgetTraces(deps, projectId, ids);
    deleted.traces += Number(counts!.t);
    deleted.observations += Number(counts!.o);
    deleted.scores += Number(counts!.s);
    deleted.payloadBlobs += blobs.length;
  }
  return deleted;
}

/** Whether anything of the trace is stored for the project (a deletion cut short left at least its mirror row). */
async function traceExists(deps: Pick<Deps, "telemetry" | "db">, projectId: string, traceId: string): Promise<boolean> {
  if (await Telemetry.isMirrored(deps, projectId, traceId)) return true;
  const params = { projectId, traceId };
  const [row] = await deps.telemetry.query<{ n: number }>(
    `SELECT toUInt32((SELECT count() FROM traces WHERE project_id = {projectId:String} AND id = {traceId:String})
      + (SELECT count() FROM observations WHERE project_id = {projectId:String} AND trace_id = {traceId:String})
      + (SELECT count() FROM scores WHERE project_id = {projectId:String} AND trace_id = {traceId:String})) AS n`,
    params,
  );
  return Number(row?.n ?? 0) > 0;
}

/**
 * `DELETE /v1/traces/{id}`: the trace, its observations, scores and offloaded payloads; audited.
 *
 * @throws not_found when the project holds nothing of the trace.
 */
export async function deleteTrace(deps: Deleter, principal: Principal, traceId: string): Promise<{ deleted: Deleted }> {
  if (!(await traceExists(deps, principal.projectId, traceId))) throw notFound("Trace", traceId);
  const deleted = await purgeTraces(deps, principal.projectId, [traceId]);
  await Audit.recordChange(deps, principal, {
    action: "trace.deleted",
    target: { type: "trace", id: traceId },
    details: { ...deleted },
  });
  return { deleted };
}

/**
 * What other features keep of an end user's traces (dataset items copied from them): erased with the traces,
 * counted under its name in the answer. Passed in by the caller, since those features depend on this one.
 */
export type EndUserCopies = (
  deps: Pick<Deps, "db">,
  projectId: string,
  user: { userId: string; traceIds: readonly string[] },
) => Promise<number>;

/**
 * `DELETE /v1/users/{userId}/data`: every trace any event attributed to this end user
 * (`userId`), with its observations, scores and payloads, and the dataset items copied from them
 * (`datasetItems`); audited under the SHA-256 of the user id, so the audit log does not keep
 * the identifier it erased.
 *
 * @throws not_found when no trace of the project carries the user id and no copy of one remains.
 */
export async function deleteUserData(
  deps: Deleter,
  principal: Principal,
  userId: string,
  datasetItems?: EndUserCopies,
): Promise<{ deleted: Deleted & { datasetItems: number } }> {
  // Any raw row that named the user, not only the folded value: erasure errs on the side of removing.
  const rows = await deps.telemetry.query<{ id: string }>(
    "SELECT DISTINCT id FROM traces WHERE project_id = {projectId:String} AND user_id.2 = {userId:String}",
    { projectId: principal.projectId, userId },
  );
  const traceIds = rows.map((r) => r.id);
  // Copies first: they are found by the trace ids as well as by the user, and the ids go with the traces.
  const copies = datasetItems ? await datasetItems(deps, principal.projectId, { userId, traceIds }) : 0;
  if (rows.length === 0 && copies === 0) throw notFound("User", userId);
  const deleted = { ...(await purgeTraces(deps, principal.projectId, traceIds)), datasetItems: copies };
  // The audit entry proves the erasure without keeping the identifier it erased.
  const userIdSha256 = createHash("sha256").update(userId).digest("hex");
  await Audit.recordChange(deps, principal, {
    action: "user_data.deleted",
    target: { type: "end_user", id: userIdSha256 },
    details: { ...deleted },
  });
  return { deleted };
}
