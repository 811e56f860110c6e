import type { Clock } from "./ports";

/** Kept before a run's deadline for the statements after its work (outcomes recorded, leases given back). */
export const RECORD_MARGIN_MS = 2_000;

/**
 * Whether work that may take `takesMs` can start now and end before `deadline`: a run stops starting work it may
 * not finish before its function's time limit (docs/automations.md, "Deliveries and retries"). No deadline: always.
 */
export const fitsBefore = (clock: Clock, deadline: Date | undefined, takesMs: number): boolean =>
  deadline === undefined || clock.now().getTime() + takesMs <= deadline.getTime();
