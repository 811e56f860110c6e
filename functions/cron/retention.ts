import * as Traces from "@core/traces";
import { cron } from "../_lib/cron";
import { blobs } from "../_runtime/ports/blobs";
import { telemetry } from "../_runtime/ports/telemetry";

/** Daily at 03:00 UTC: every project's retention policy. */
export const handler = cron("retention", [telemetry, blobs], (deps) => Traces.applyAllRetention(deps));
