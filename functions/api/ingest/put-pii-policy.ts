import * as Ingest from "@core/ingest";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary: "Set the PII masking policy applied to trace and observation input/output before anything is stored",
  tags: ["ingest"],
  body: Ingest.PiiPolicy,
  response: Ingest.PiiPolicy,
  run: ({ body }, { deps, principal }) => Ingest.putPiiPolicy(deps, principal, body),
});
