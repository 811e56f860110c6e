import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../../_lib/langfuse-http";
import { blobs } from "../../../_runtime/ports/blobs";
import { telemetry } from "../../../_runtime/ports/telemetry";

export const handler = langfuseHttp({
  role: "VIEWER",
  uses: [blobs, telemetry],
  summary: "Langfuse-compatible trace list by page: Langfuse's filters, `orderBy=<column>.<asc|desc>` and `fields`",
  tags: ["traces"],
  query: Langfuse.LangfuseTraces.TracesQuery,
  response: Langfuse.LangfuseTraces.TracesPage,
  run: ({ query }, { deps, principal }) => Langfuse.LangfuseTraces.listTraces(deps, principal.projectId, query),
});
