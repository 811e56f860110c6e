import type { Deps } from "../platform/deps";
import { listPage, Params } from "../reads";
import { keysIn, OBSERVATIONS } from "../telemetry";
import { body } from "./get-trace";
import { observationFilters } from "./list-observations";
import type { ObservationSelection } from "./reads.schema";

type Reader = Pick<Deps, "telemetry" | "blobs">;

/** A trace or one of its observations, addressed for a copy (a dataset item made from it). */
export interface SourceKey {
  traceId: string;
  observationId: string | null;
}

/** What a copy takes of a stored trace or observation: its bodies (offloaded ones fetched) and the trace's end user. */
export interface SourceBodies extends SourceKey {
  input: unknown;
  output: unknown;
  metadata: unknown;
  userId: string | null;
}

interface BodyRow {
  trace_id: string;
  id: string;
  input: string | null;
  output: string | null;
  metadata: string | null;
}

/**
 * The observations a span-explorer selection matches, newest first (the explorer's default order), at most `cap`;
 * `capped` tells that more matched. Keys only: nothing is folded for display.
 * @throws invalid_input for a bad filter.
 */
export async function selectObservationKeys(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  selection: ObservationSelection,
  cap: number,
): Promise<{ keys: SourceKey[]; capped: boolean }> {
  const params = new Params();
  const filters = observationFilters(selection, params);
  const { rows, nextCursor } = await listPage<{ trace_id: string; id: string }>(
    deps,
    {
      entity: OBSERVATIONS,
      projectId,
      filters,
      params,
      sort: { column: "startTime", dir: "desc" },
      limit: cap,
      cursor: undefined,
    },
    [],
  );
  return {
    keys: rows.map((r) => ({ traceId: String(r.trace_id), observationId: String(r.id) })),
    capped: nextCursor !== null,
  };
}

/**
 * The bodies of traces and observations in three statements (observations, traces, and the traces' end users),
 * offloaded bodies read from the blob store. A source that is not stored is absent from the answer.
 */
export async function readSources(
  deps: Reader,
  projectId: string,
  sources: readonly SourceKey[],
): Promise<Map<string, SourceBodies>> {
  const out = new Map<string, SourceBodies>();
  if (sources.length === 0) return out;
  const traceIds = [...new Set(sources.map((s) => s.traceId))];
  const observed = sources.filter((s) => s.observationId !== null);
  const wholeTraces = [...new Set(sources.filter((s) => s.observationId === null).map((s) => s.traceId))];
  const [observations, traces, users] = await Promise.all([
    observed.length === 0
      ? Promise.resolve([] as BodyRow[])
      : deps.telemetry.query<BodyRow>(
          `SELECT trace_id, id, max(input).2 AS input, max(output).2 AS output, max(metadata).2 AS metadata FROM observations
           WHERE project_id = {projectId:String} AND ${keysIn(["trace_id", "id"], ["traceIds", "ids"])} GROUP BY trace_id, id`,
          {
            projectId,
            traceIds: [...new Set(observed.map((s) => s.traceId))],
            ids: [...new Set(observed.map((s) => s.observationId!))],
          },
        ),
    wholeTraces.length === 0
      ? Promise.resolve([] as Omit<BodyRow, "id">[])
      : deps.telemetry.query<Omit<BodyRow, "id">>(
          `SELECT id AS trace_id, max(input).2 AS input, max(output).2 AS output, max(metadata).2 AS metadata FROM traces
           WHERE project_id = {projectId:String} AND id IN {ids:Array(String)} GROUP BY id`,
          { projectId, ids: wholeTraces },
        ),
    deps.telemetry.query<{ id: string; user_id: string | null }>(
      `SELECT id, max(user_id).2 AS user_id FROM traces WHERE project_id = {projectId:String} AND id IN {ids:Array(String)} GROUP BY id`,
      { projectId, ids: traceIds },
    ),
  ]);
  const userOf = new Map(users.map((u) => [String(u.id), u.user_id]));
  const key = (traceId: string, observationId: string | null) => sourceKey({ traceId, observationId });
  const wanted = new Set(sources.map((s) => key(s.traceId, s.observationId)));
  // keysIn binds each key column on its own: drop the extra (trace, observation) pairs it may return.
  const rows = [
    ...observations.map((r) => ({ r, observationId: String(r.id) as string | null })),
    ...traces.map((r) => ({ r, observationId: null })),
  ].filter(({ r, observationId }) => wanted.has(key(String(r.trace_id), observationId)));
  const bodies = await Promise.all(
    rows.map(({ r }) => Promise.all([body(deps, r.input), body(deps, r.output), body(deps, r.metadata)])),
  );
  rows.forEach(({ r, observationId }, i) => {
    const [input, output, metadata] = bodies[i]!;
    const traceId = String(r.trace_id);
    out.set(key(traceId, observationId), {
      traceId,
      observationId,
      input,
      output,
      metadata,
      userId: userOf.get(traceId) ?? null,
    });
  });
  return out;
}

/** The map key of `readSources` for a trace (observationId null) or an observation. */
export const sourceKey = (s: SourceKey) => `${s.traceId}\u0000${s.observationId ?? ""}`;
