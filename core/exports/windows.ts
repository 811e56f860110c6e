/** Export windows fall on whole UTC hours or days (docs/export.md, "The high-water mark"). */
export type Frequency = "hourly" | "daily";

export const PERIOD_MS: Record<Frequency, number> = { hourly: 3_600_000, daily: 86_400_000 };

/**
 * How long after its acceptance a row may still be on its way into ClickHouse (in the ingest queue, or being
 * written): a window closes only this long after its end.
 */
export const SAFETY_LAG_MS = 10 * 60_000;

/** The start of the period holding `at`. */
export const windowStart = (at: Date, frequency: Frequency) =>
  new Date(Math.floor(at.getTime() / PERIOD_MS[frequency]) * PERIOD_MS[frequency]);

/** `2026-01-02T03:00:00Z`: a window bound as it appears in object keys. */
export const keyTime = (at: Date) => at.toISOString().replace(/\.000Z$/, "Z");
