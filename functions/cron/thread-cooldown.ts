import * as Evaluators from "@core/evaluators";
import { cron } from "../_lib/cron";
import { queues } from "../_runtime/ports/queues";

/** Every minute: sessions quiet for their thread evaluators' cooldown are claimed and queued for judging. */
export const handler = cron("thread-cooldown", [queues], (deps) => Evaluators.runThreadCooldown(deps));
