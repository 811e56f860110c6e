import * as Evaluators from "@core/evaluators";
import { cron } from "../_lib/cron";
import { queues } from "../_runtime/ports/queues";

/** Every minute: backfills whose worker died (or whose job was lost) are queued again, to go on where they stand. */
export const handler = cron("backfill", [queues], (deps) => Evaluators.resumeBackfills(deps));
