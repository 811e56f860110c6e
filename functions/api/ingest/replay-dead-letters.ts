import * as Ingest from "@core/ingest";
import * as z from "zod";
import { http } from "../../_lib/http";
import { queues } from "../../_runtime/ports/queues";

export const handler = http({
  role: "MEMBER",
  uses: [queues],
  summary: "Replay this project's recoverable dead letters onto the ingest queue; 409 while a replay runs",
  tags: ["ingest"],
  response: z.object({ replayId: z.string(), status: z.literal("running") }),
  status: 202,
  run: (_input, { deps, principal }) => Ingest.startReplay(deps, principal),
});
