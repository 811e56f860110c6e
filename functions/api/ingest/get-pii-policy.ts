import * as Ingest from "@core/ingest";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary: "The project's PII masking policy",
  tags: ["ingest"],
  response: Ingest.PiiPolicy,
  run: async (_input, { deps, principal }) => (await Ingest.getIngestSettings(deps, principal.projectId)).pii,
});
