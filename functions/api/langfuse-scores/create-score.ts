import * as Ingest from "@core/ingest";
import * as Langfuse from "@core/langfuse";
import * as z from "zod";
import { langfuseHttp } from "../../_lib/langfuse-http";
import { blobs } from "../../_runtime/ports/blobs";
import { queues } from "../../_runtime/ports/queues";

export const handler = langfuseHttp({
  role: "MEMBER",
  uses: [blobs, queues],
  summary:
    "Langfuse-compatible score creation: the same path and checks as POST /v1/scores (config fit included); the same id again replaces the score",
  tags: ["scores"],
  rateLimit: "ingest",
  body: Langfuse.LfCreateScoreBody,
  response: z.object({ id: z.string() }),
  run: ({ body }, { deps, principal }) => Ingest.submitScore(deps, principal, Langfuse.scoreBodyOf(body)),
});
