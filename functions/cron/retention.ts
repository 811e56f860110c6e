import * as Traces from "@core/traces";
import { cron } from "../_lib/cron";

/** Daily at 03:00 UTC: every project's retention policy. */
export const handler = cron("retention", (deps) => Traces.applyAllRetention(deps));
