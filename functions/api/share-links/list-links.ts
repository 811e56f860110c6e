import * as Sharing from "@core/sharing";
import { http } from "../../_lib/http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "VIEWER",
  uses: [telemetry],
  summary: "The trace's share links, newest first, with their status (active, expired, revoked); never their tokens",
  tags: ["sharing"],
  path: Sharing.TraceLinksPath,
  response: Sharing.ShareLinkList,
  run: ({ path }, { deps, principal }) => Sharing.listShareLinks(deps, principal.projectId, path.id),
});
