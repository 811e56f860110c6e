import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../../_lib/langfuse-http";
import { telemetry } from "../../../_runtime/ports/telemetry";

export const handler = langfuseHttp({
  role: "VIEWER",
  uses: [telemetry],
  summary: "Langfuse-compatible session list by page, most recently active first",
  tags: ["sessions"],
  query: Langfuse.LangfuseSessions.SessionsQuery,
  response: Langfuse.LangfuseSessions.SessionsPage,
  run: ({ query }, { deps, principal }) => Langfuse.LangfuseSessions.listSessions(deps, principal.projectId, query),
});
