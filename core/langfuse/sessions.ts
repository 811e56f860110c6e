import * as z from "zod";
import type { Deps } from "../platform/deps";
import * as Traces from "../traces";
import { PageQuery, paged, pageMeta, pageOffset } from "./page";
import { DateTimeParam, Repeated } from "./query";
import { LangfuseTrace, langfuseTrace } from "./traces";

/** Langfuse's Session: created when its first trace was, in the environment of its traces. */
export const LangfuseSession = z.object({
  id: z.string(),
  createdAt: z.string().nullable(),
  projectId: z.string(),
  environment: z.string(),
});
export const SessionWithTraces = LangfuseSession.extend({ traces: z.array(LangfuseTrace) });

export const SessionsQuery = PageQuery.extend({
  fromTimestamp: DateTimeParam.optional(),
  toTimestamp: DateTimeParam.optional(),
  environment: Repeated.optional(),
});
export type SessionsQuery = z.infer<typeof SessionsQuery>;
export const SessionsPage = paged(LangfuseSession);
export const SessionPath = z.object({ sessionId: z.string().min(1) });

/** Sessions by page (`listSessionsPage`), most recently active first. */
export async function listSessions(deps: Pick<Deps, "telemetry">, projectId: string, q: SessionsQuery) {
  const { data, total } = await Traces.listSessionsPage(
    deps,
    projectId,
    { from: q.fromTimestamp, to: q.toTimestamp, environments: q.environment },
    { offset: pageOffset(q), limit: q.limit },
  );
  return {
    data: data.map((s) => ({
      id: s.id,
      createdAt: s.firstTimestamp,
      projectId,
      environment: s.environments[0] ?? "default",
    })),
    meta: pageMeta(q, total),
  };
}

/** One session with its traces, bodies included (`getSession`). @throws not_found for a session no trace of the project names. */
export async function getSession(deps: Pick<Deps, "telemetry" | "blobs">, projectId: string, sessionId: string) {
  const session = await Traces.getSession(deps, projectId, sessionId);
  const bodies = await Traces.readTraceBodies(
    deps,
    projectId,
    session.traces.map((t) => t.id),
    { observations: false },
  );
  return {
    id: session.id,
    createdAt: session.firstTimestamp,
    projectId,
    environment: session.environments[0] ?? "default",
    traces: session.traces.map((t) => langfuseTrace(projectId, t, bodies.get(t.id))),
  };
}
