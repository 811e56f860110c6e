import * as Media from "@core/media";
import * as z from "zod";
import { http } from "../../_lib/http";
import { blobs } from "../../_runtime/ports/blobs";

export const handler = http({
  role: "VIEWER",
  uses: [blobs],
  summary:
    "One media file that a reference token in a trace names: its type, size and a short-lived URL serving its bytes",
  tags: ["media"],
  path: z.object({ id: z.string().min(1) }),
  response: Media.MediaView,
  run: ({ path }, { deps, principal }) => Media.getMedia(deps, principal.projectId, path.id),
});
