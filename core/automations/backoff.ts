/**
 * Retries of a delivery (docs/automations.md, "Deliveries and retries"): five attempts over about an hour. The waits after
 * the first four failed attempts; a fifth failure is final.
 */
export const RETRY_DELAYS_SECONDS = [60, 300, 900, 2400] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** Network errors, timeouts, 429 and 5xx may pass later; another answer will not. */
export const isRetryable = (responseStatus: number | null) =>
  responseStatus === null || responseStatus === 429 || responseStatus >= 500;

/** When attempt `attempts + 1` is due, or null when `attempts` were the last. */
export function nextAttemptAt(attempts: number, now: Date): Date | null {
  const delay = RETRY_DELAYS_SECONDS[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay * 1000);
}
