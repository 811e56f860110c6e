import * as Langfuse from "@core/langfuse";
import * as z from "zod";
import { langfuseHttp } from "../../_lib/langfuse-http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = langfuseHttp({
  role: "MEMBER",
  uses: [telemetry],
  summary:
    "Langfuse-compatible comment on a trace, observation, session or prompt version, as POST /v1/comments; the calling key is the author",
  tags: ["comments"],
  body: Langfuse.LfCreateCommentBody,
  response: z.object({ id: z.string() }),
  run: ({ body }, { deps, principal }) => Langfuse.createLfComment(deps, principal, body),
});
