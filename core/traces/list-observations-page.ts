import type { Deps } from "../platform/deps";
import { notFound } from "../platform/errors";
import { offsetPage, Params, type SortDir } from "../reads";
import { OBSERVATION_COLUMNS, OBSERVATIONS, type ObservationRow } from "../telemetry";
import { observationView } from "./get-trace";
import { observationFilters, WITH_BODIES } from "./list-observations";
import type { PageWindow } from "./list-traces-page";
import type { OBSERVATION_SORTS, ObservationSelection } from "./reads.schema";

export type ObservationDetail = Awaited<ReturnType<typeof observationView>>;

/**
 * The span explorer's list by page number, with the number of observations the filters match, each
 * observation whole (bodies included, offloaded ones fetched; docs/langfuse.md, "Observations").
 *
 * @throws invalid_input for a bad filter.
 */
export async function listObservationsPage(
  deps: Pick<Deps, "telemetry" | "blobs">,
  projectId: string,
  q: ObservationSelection,
  sort: { column: (typeof OBSERVATION_SORTS)[number]; dir: SortDir },
  window: PageWindow,
): Promise<{ data: ObservationDetail[]; total: number }> {
  const params = new Params();
  const filters = observationFilters(q, params);
  const { rows, total } = await offsetPage<ObservationRow>(
    deps,
    { entity: OBSERVATIONS, projectId, filters, params, sort, ...window },
    WITH_BODIES,
  );
  return { data: await Promise.all(rows.map((o) => observationView(deps, o))), total };
}

/**
 * One observation by its id alone, whole.
 *
 * @throws not_found when the project holds no observation of that id.
 */
export async function getObservation(
  deps: Pick<Deps, "telemetry" | "blobs">,
  projectId: string,
  observationId: string,
): Promise<ObservationDetail> {
  const [row] = await deps.telemetry.query<ObservationRow>(
    `SELECT ${OBSERVATION_COLUMNS} FROM observations FINAL PREWHERE project_id = {projectId:String} AND id = {id:String} ORDER BY trace_id LIMIT 1`,
    { projectId, id: observationId },
  );
  if (!row) throw notFound("Observation", observationId);
  return observationView(deps, row);
}
