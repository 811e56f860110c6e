import * as Media from "@core/media";
import { langfuseHttp } from "../../_lib/langfuse-http";
import { blobs } from "../../_runtime/ports/blobs";

export const handler = langfuseHttp({
  role: "MEMBER",
  uses: [blobs],
  summary:
    "Langfuse-compatible media upload: a presigned upload URL for these bytes, or none when the project already holds them (docs/media.md)",
  tags: ["media"],
  body: Media.UploadRequest,
  response: Media.UploadUrl,
  run: ({ body }, { deps, principal }) => Media.requestUpload(deps, principal.projectId, body),
});
