import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../../_lib/langfuse-http";
import { blobs } from "../../../_runtime/ports/blobs";
import { telemetry } from "../../../_runtime/ports/telemetry";

export const handler = langfuseHttp({
  role: "MEMBER",
  uses: [blobs, telemetry],
  summary: "Langfuse-compatible trace deletion, as DELETE /v1/traces/{id}: the trace with everything attached",
  tags: ["traces"],
  path: Langfuse.LangfuseTraces.TracePath,
  response: Langfuse.LangfuseTraces.DeleteMessage,
  run: ({ path }, { deps, principal }) => Langfuse.LangfuseTraces.deleteTrace(deps, principal, path.traceId),
});
