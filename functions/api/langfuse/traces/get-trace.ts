import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../../_lib/langfuse-http";
import { blobs } from "../../../_runtime/ports/blobs";
import { telemetry } from "../../../_runtime/ports/telemetry";

export const handler = langfuseHttp({
  role: "VIEWER",
  uses: [blobs, telemetry],
  summary: "Langfuse-compatible trace read: the trace with its observations and scores whole",
  tags: ["traces"],
  path: Langfuse.LangfuseTraces.TracePath,
  query: Langfuse.LangfuseTraces.TraceFieldsQuery,
  response: Langfuse.LangfuseTraces.TraceWithFullDetails,
  run: ({ path, query }, { deps, principal }) =>
    Langfuse.LangfuseTraces.getTrace(deps, principal.projectId, path.traceId, query.fields),
});
