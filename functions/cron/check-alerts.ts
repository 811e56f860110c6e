import * as Alerts from "@core/alerts";
import { cron } from "../_lib/cron";
import { telemetry } from "../_runtime/ports/telemetry";

/** Every minute: every alert rule measured over its window; transitions append alert.firing / alert.resolved. */
export const handler = cron("alerts", [telemetry], (deps) => Alerts.checkAlerts(deps));
