import * as Datasets from "@core/datasets";
import * as Traces from "@core/traces";
import * as z from "zod";
import { http } from "../../_lib/http";
import { blobs } from "../../_runtime/ports/blobs";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "ADMIN",
  uses: [blobs, telemetry],
  summary:
    "Delete everything one end user generated: every trace attributed to the userId, with observations, scores and payloads, and the dataset items copied from those traces",
  tags: ["traces"],
  path: z.object({ userId: z.string().min(1) }),
  response: Traces.UserDeletionResult,
  run: ({ path }, { deps, principal }) =>
    Traces.deleteUserData(deps, principal, path.userId, Datasets.eraseEndUserItems),
});
