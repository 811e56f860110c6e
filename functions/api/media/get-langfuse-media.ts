import * as Media from "@core/media";
import { langfuseHttp } from "../../_lib/langfuse-http";
import { blobs } from "../../_runtime/ports/blobs";

export const handler = langfuseHttp({
  role: "VIEWER",
  uses: [blobs],
  summary: "Langfuse-compatible media read: its type, size and a short-lived URL serving its bytes (docs/media.md)",
  tags: ["media"],
  path: Media.MediaPath,
  response: Media.MediaView,
  run: ({ path }, { deps, principal }) => Media.getMedia(deps, principal.projectId, path.mediaId),
});
