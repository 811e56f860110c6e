import * as Ingest from "@core/ingest";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary: "The project's ingest sampling policy",
  tags: ["ingest"],
  response: Ingest.Sampling,
  run: async (_input, { deps, principal }) => (await Ingest.getIngestSettings(deps, principal.projectId)).sampling,
});
