import * as Sharing from "@core/sharing";
import * as Traces from "@core/traces";
import { http } from "../../_lib/http";
import { blobs } from "../../_runtime/ports/blobs";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "VIEWER",
  public: "A share link: the token in the path is the credential (docs/sharing.md)",
  uses: [blobs, telemetry],
  summary:
    "The trace of a share link, as GET /v1/traces/{id} answers it, without credentials; 404 for an unknown, revoked or expired link",
  tags: ["sharing"],
  path: Sharing.SharedPath,
  response: Traces.TraceDetail,
  run: ({ path }, { deps }) => Sharing.readSharedTrace(deps, path.token),
});
