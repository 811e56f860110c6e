import * as Traces from "@core/traces";
import * as z from "zod";
import { http } from "../../_lib/http";
import { blobs } from "../../_runtime/ports/blobs";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "MEMBER",
  uses: [blobs, telemetry],
  summary: "Delete one trace: its rows in every telemetry table, its observations, scores and offloaded payloads",
  tags: ["traces"],
  path: z.object({ id: z.string().min(1) }),
  response: Traces.DeletionResult,
  run: ({ path }, { deps, principal }) => Traces.deleteTrace(deps, principal, path.id),
});
