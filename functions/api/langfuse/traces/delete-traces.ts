import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../../_lib/langfuse-http";
import { blobs } from "../../../_runtime/ports/blobs";
import { telemetry } from "../../../_runtime/ports/telemetry";

export const handler = langfuseHttp({
  role: "MEMBER",
  uses: [blobs, telemetry],
  summary:
    "Langfuse-compatible deletion of up to 1000 traces; all or nothing: an id the project does not hold is a 404",
  tags: ["traces"],
  body: Langfuse.LangfuseTraces.DeleteTracesBody,
  response: Langfuse.LangfuseTraces.DeleteMessage,
  run: ({ body }, { deps, principal }) => Langfuse.LangfuseTraces.deleteTraces(deps, principal, body.traceIds),
});
