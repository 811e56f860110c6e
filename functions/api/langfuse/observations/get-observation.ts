import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../../_lib/langfuse-http";
import { blobs } from "../../../_runtime/ports/blobs";
import { telemetry } from "../../../_runtime/ports/telemetry";

export const handler = langfuseHttp({
  role: "VIEWER",
  uses: [blobs, telemetry],
  summary: "Langfuse-compatible observation read by id",
  tags: ["observations"],
  path: Langfuse.LangfuseObservations.ObservationPath,
  response: Langfuse.LangfuseObservations.LangfuseObservation,
  run: ({ path }, { deps, principal }) =>
    Langfuse.LangfuseObservations.getObservation(deps, principal.projectId, path.observationId),
});
