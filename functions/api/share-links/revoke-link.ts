import * as Sharing from "@core/sharing";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary: "Revoke a share link: from now on it answers 404 like an unknown one",
  tags: ["sharing"],
  path: Sharing.ShareLinkPath,
  response: Sharing.ShareLinkView,
  run: ({ path }, { deps, principal }) => Sharing.revokeShareLink(deps, principal, path.id, path.linkId),
});
