import * as Ingest from "@core/ingest";
import { http } from "../../_lib/http";
import { queues } from "../../_runtime/ports/queues";

export const handler = http({
  role: "VIEWER",
  uses: [queues],
  summary: "Ingest health: queue depth, dead-letter depth, oldest queued age and the last replay",
  tags: ["ingest"],
  response: Ingest.IngestHealth,
  run: (_input, { deps, principal }) => Ingest.ingestHealth(deps, principal.projectId),
});
