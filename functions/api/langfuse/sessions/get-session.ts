import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../../_lib/langfuse-http";
import { blobs } from "../../../_runtime/ports/blobs";
import { telemetry } from "../../../_runtime/ports/telemetry";

export const handler = langfuseHttp({
  role: "VIEWER",
  uses: [blobs, telemetry],
  summary: "Langfuse-compatible session read: the session with its traces, bodies included",
  tags: ["sessions"],
  path: Langfuse.LangfuseSessions.SessionPath,
  response: Langfuse.LangfuseSessions.SessionWithTraces,
  run: ({ path }, { deps, principal }) =>
    Langfuse.LangfuseSessions.getSession(deps, principal.projectId, path.sessionId),
});
