import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../../_lib/langfuse-http";
import { blobs } from "../../../_runtime/ports/blobs";
import { telemetry } from "../../../_runtime/ports/telemetry";

export const handler = langfuseHttp({
  role: "VIEWER",
  uses: [blobs, telemetry],
  summary: "Langfuse-compatible observation list by cursor, newest start first, with the field groups asked",
  tags: ["observations"],
  query: Langfuse.LangfuseObservations.ObservationsV2Query,
  response: Langfuse.LangfuseObservations.ObservationsV2Page,
  run: ({ query }, { deps, principal }) =>
    Langfuse.LangfuseObservations.listObservationsV2(deps, principal.projectId, query),
});
