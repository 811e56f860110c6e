import * as Ingest from "@core/ingest";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary: "Set head sampling (a hash of the trace id) and the tail rule that keeps error or costly traces",
  tags: ["ingest"],
  body: Ingest.Sampling,
  response: Ingest.Sampling,
  run: ({ body }, { deps, principal }) => Ingest.putSampling(deps, principal, body),
});
