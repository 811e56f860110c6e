import * as Ingest from "@core/ingest";
import * as z from "zod";
import { http } from "../../_lib/http";
import { blobs } from "../../_runtime/ports/blobs";
import { queues } from "../../_runtime/ports/queues";

export const handler = http({
  role: "MEMBER",
  uses: [blobs, queues],
  summary:
    "Record one score (source API, e.g. user feedback) through the ingest path; a CATEGORICAL label may come as stringValue; a score that misfits its config is a 400",
  tags: ["scores"],
  rateLimit: "ingest",
  body: Ingest.ScoreBody,
  response: z.object({ id: z.string() }),
  status: 201,
  run: ({ body }, { deps, principal }) => Ingest.submitScore(deps, principal, body),
});
