import * as Ingest from "@core/ingest";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary: "SDK builds seen on ingest for this project, with batch and event counts and first/last seen times",
  tags: ["ingest"],
  response: Ingest.SdkUsageList,
  run: async (_input, { deps, principal }) => ({ data: await Ingest.listSdkUsage(deps, principal.projectId) }),
});
