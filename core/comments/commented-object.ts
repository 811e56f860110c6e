import type { Deps } from "../platform/deps";
import { notFound } from "../platform/errors";
import * as Prompts from "../prompts";
import * as Telemetry from "../telemetry";
import type { ObjectType } from "./comments.schema";

const NAMES: Record<ObjectType, string> = {
  TRACE: "Trace",
  OBSERVATION: "Observation",
  SESSION: "Session",
  PROMPT: "Prompt version",
};

/**
 * Checks that the commented object is stored in the project: a trace, an observation, a session (some trace carries
 * its id) or a prompt version (by its id). Another project's object is as unknown as a missing one.
 * @throws not_found naming the object, e.g. `Trace 'abc' not found`.
 */
export async function requireObject(
  deps: Pick<Deps, "db" | "telemetry">,
  projectId: string,
  type: ObjectType,
  id: string,
): Promise<void> {
  if (!(await exists(deps, projectId, type, id))) throw notFound(NAMES[type], id);
}

async function exists(
  deps: Pick<Deps, "db" | "telemetry">,
  projectId: string,
  type: ObjectType,
  id: string,
): Promise<boolean> {
  switch (type) {
    case "TRACE":
      return (await Telemetry.storedTraceIds(deps, projectId, [id])).has(id);
    case "OBSERVATION":
      return (await Telemetry.traceIdsOfObservations(deps, projectId, [id])).has(id);
    case "SESSION":
      return Telemetry.sessionIsStored(deps, projectId, id);
    case "PROMPT":
      return (await Prompts.versionOfId(deps.db, projectId, id)) !== null;
  }
}
