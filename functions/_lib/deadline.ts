import type { Clock } from "@core/platform/ports";
import type { Context } from "aws-lambda";

/**
 * When Lambda stops this invocation (its function's time limit), as the deps' clock reads it: core compares it
 * with that clock. Locally the runtime's context counts down from the function's settings the same way
 * (functions/local/lambda-context.ts). A handler called without a Lambda context (a script) has none.
 */
export const deadlineOf = (clock: Clock, context: Context | undefined): Date | undefined =>
  typeof context?.getRemainingTimeInMillis === "function"
    ? new Date(clock.now().getTime() + context.getRemainingTimeInMillis())
    : undefined;
