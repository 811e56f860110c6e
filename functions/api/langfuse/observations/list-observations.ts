import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../../_lib/langfuse-http";
import { blobs } from "../../../_runtime/ports/blobs";
import { telemetry } from "../../../_runtime/ports/telemetry";

export const handler = langfuseHttp({
  role: "VIEWER",
  uses: [blobs, telemetry],
  summary: "Langfuse-compatible observation list by page, newest start first, each observation whole",
  tags: ["observations"],
  query: Langfuse.LangfuseObservations.ObservationsQuery,
  response: Langfuse.LangfuseObservations.ObservationsPage,
  run: ({ query }, { deps, principal }) =>
    Langfuse.LangfuseObservations.listObservations(deps, principal.projectId, query),
});
