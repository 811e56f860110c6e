import * as Exports from "@core/exports";
import { cron } from "../_lib/cron";
import { blobs } from "../_runtime/ports/blobs";
import { exportBuckets } from "../_runtime/ports/export-buckets";
import { telemetry } from "../_runtime/ports/telemetry";

/** Every five minutes: the scheduled exports whose window closed write it to their buckets (docs/export.md). */
export const handler = cron("exports", [telemetry, blobs, exportBuckets], (deps) => Exports.runScheduledExports(deps));
