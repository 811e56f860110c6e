import * as Sharing from "@core/sharing";
import { http } from "../../_lib/http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "MEMBER",
  uses: [telemetry],
  summary:
    "Share one trace read-only: a link whose token is shown in this answer only (stored hashed), with an optional expiry",
  tags: ["sharing"],
  path: Sharing.TraceLinksPath,
  body: Sharing.CreateShareLinkBody,
  response: Sharing.CreatedShareLink,
  status: 201,
  run: ({ path, body }, { deps, principal }) => Sharing.createShareLink(deps, principal, path.id, body),
});
