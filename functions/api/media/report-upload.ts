import * as Media from "@core/media";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "MEMBER",
  summary: "Langfuse-compatible upload report: a 200/201 makes the media readable (docs/media.md)",
  tags: ["media"],
  status: 204,
  path: Media.MediaPath,
  body: Media.UploadReport,
  run: async ({ path, body }, { deps, principal }) => {
    await Media.reportUpload(deps, principal.projectId, path.mediaId, body);
    return undefined;
  },
});
