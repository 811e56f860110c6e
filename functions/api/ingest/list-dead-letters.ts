import * as Ingest from "@core/ingest";
import { Limit } from "@core/platform/pagination";
import * as z from "zod";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary: "Batches of this project that the worker gave up on, newest first; `unrecoverable` ones cannot be replayed",
  tags: ["ingest"],
  response: Ingest.DeadLetterPage,
  query: z.object({ limit: Limit, cursor: z.string().optional() }),
  run: ({ query }, { deps, principal }) => Ingest.listDeadLetters(deps, principal.projectId, query),
});
