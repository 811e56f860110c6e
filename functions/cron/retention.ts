import * as Audit from "@core/audit";
import * as Automations from "@core/automations";
import * as Traces from "@core/traces";
import { cron } from "../_lib/cron";
import { blobs } from "../_runtime/ports/blobs";
import { telemetry } from "../_runtime/ports/telemetry";

/** Daily at 03:00 UTC: every project's retention policy, then the outbox and delivery logs' own ages. */
export const handler = cron("retention", [telemetry, blobs], async (deps) => {
  const telemetryResult = await Traces.applyAllRetention(deps);
  const outbox = await Audit.pruneOutbox(deps);
  const finished = await Automations.pruneFinished(deps);
  return { ...telemetryResult, outbox, ...finished };
});
