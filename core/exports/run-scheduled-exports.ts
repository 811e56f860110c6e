import { and, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Deps } from "../platform/deps";
import { exportConfigs } from "./export-configs.sql";
import { type ExportFormat, type ExportTable, exportFilters } from "./export-query";
import { exportText } from "./export-text";
import { CONTENT_TYPES } from "./formats";
import { type Frequency, keyTime, PERIOD_MS, SAFETY_LAG_MS } from "./windows";

type Row = typeof exportConfigs.$inferSelect;
type RunDeps = Pick<Deps, "db" | "clock" | "log" | "keyRing" | "telemetry" | "blobs" | "exportBuckets">;

/** A run holds its configs this long; a run that dies frees them when it runs out. */
const LEASE_MS = 15 * 60_000;
/** Windows one config catches up on per run; the next run goes on from the mark. */
const MAX_WINDOWS_PER_RUN = 24;

/** `<prefix>/<table>/<from>_<to>.<format>`: the same window always writes the same key (docs/export.md). */
export const objectKey = (prefix: string, table: ExportTable, from: Date, to: Date, format: ExportFormat) =>
  `${prefix ? `${prefix}/` : ""}${table}/${keyTime(from)}_${keyTime(to)}.${format}`;

/**
 * Runs every enabled export whose next window has closed (its end at least the safety lag ago): for each window
 * from the mark on, one object per table of the rows *received* in [from, to) (`updatedAt`, the fold of the
 * acceptance times), then the mark moves to `to` — only after the bucket confirmed every object of the window.
 * A failure leaves the mark where it was and records the error; the next run writes the same window (the same
 * keys) again. Leased with `FOR UPDATE SKIP LOCKED`, so overlapping runs never export one config at once.
 */
export async function runScheduledExports(
  deps: RunDeps,
  options: { maxWindows?: number } = {},
): Promise<{ configs: number; windows: number; objects: number; failed: number }> {
  const now = deps.clock.now();
  const closedBefore = new Date(now.getTime() - SAFETY_LAG_MS);
  // Bound as text: compared with an SQL expression, not a column, the value gets no column mapping, and postgres.js
  // under drizzle does not serialise a Date itself (PGlite does, which hid it).
  const due = deps.db
    .select({ id: exportConfigs.id })
    .from(exportConfigs)
    .where(
      and(
        eq(exportConfigs.enabled, true),
        or(isNull(exportConfigs.leasedUntil), lt(exportConfigs.leasedUntil, now)),
        lte(
          sql`${exportConfigs.lastExportedAt} + (CASE WHEN ${exportConfigs.frequency} = 'hourly' THEN interval '1 hour' ELSE interval '1 day' END)`,
          sql`${closedBefore.toISOString()}::timestamptz`,
        ),
      ),
    )
    .for("update", { skipLocked: true });
  const leased = await deps.db
    .update(exportConfigs)
    .set({ leasedUntil: new Date(now.getTime() + LEASE_MS) })
    .where(inArray(exportConfigs.id, due))
    .returning();
  const totals = { configs: leased.length, windows: 0, objects: 0, failed: 0 };
  for (const config of leased) {
    try {
      await runConfig(deps, config, closedBefore, options.maxWindows ?? MAX_WINDOWS_PER_RUN, totals);
    } finally {
      await deps.db.update(exportConfigs).set({ leasedUntil: null }).where(eq(exportConfigs.id, config.id));
    }
  }
  return totals;
}

async function runConfig(
  deps: RunDeps,
  config: Row,
  closedBefore: Date,
  maxWindows: number,
  totals: { windows: number; objects: number; failed: number },
) {
  const period = PERIOD_MS[config.frequency as Frequency];
  const target = {
    bucket: config.bucket,
    region: config.region,
    endpoint: config.endpoint,
    credentials:
      config.accessKeyId && config.secretAccessKeySealed
        ? { accessKeyId: config.accessKeyId, secretAccessKey: deps.keyRing.decrypt(config.secretAccessKeySealed) }
        : null,
  };
  let from = config.lastExportedAt;
  for (let n = 0; n < maxWindows && from.getTime() + period <= closedBefore.getTime(); n++) {
    const to = new Date(from.getTime() + period);
    let objects = 0;
    let writing = "";
    try {
      for (const table of config.tables as ExportTable[]) {
        const filters = exportFilters(table, {
          filter: JSON.stringify([
            { column: "updatedAt", operator: ">=", value: from.toISOString() },
            { column: "updatedAt", operator: "<", value: to.toISOString() },
          ]),
        });
        const key = objectKey(config.prefix, table, from, to, config.format);
        writing = `s3://${config.bucket}/${key}${config.endpoint ? ` at ${config.endpoint}` : ""}`;
        const text = await exportText(deps, config.projectId, table, config.format, filters);
        await deps.exportBuckets.write(target, key, text, CONTENT_TYPES[config.format]);
        objects++;
      }
    } catch (error) {
      const message = `Writing ${writing} failed: ${failureText(error)}`;
      deps.log.warn("scheduled export failed; the mark stays", {
        projectId: config.projectId,
        exportConfigId: config.id,
        from: from.toISOString(),
        error: message,
      });
      await deps.db
        .update(exportConfigs)
        .set({ lastRunAt: deps.clock.now(), lastError: message.slice(0, 1000) })
        .where(eq(exportConfigs.id, config.id));
      totals.failed++;
      return;
    }
    // Every object of the window is in the bucket: only now does the mark move (and only from where this run found it).
    await deps.db
      .update(exportConfigs)
      .set({ lastExportedAt: to, lastRunAt: deps.clock.now(), lastError: null, lastObjects: objects })
      .where(and(eq(exportConfigs.id, config.id), eq(exportConfigs.lastExportedAt, from)));
    totals.windows++;
    totals.objects += objects;
    from = to;
  }
}

/**
 * What went wrong, with the network cause a bare `fetch failed` hides (`ECONNREFUSED`, `ENOTFOUND`, …): the
 * console shows it as the config's last error (docs/export.md, "Scheduled exports").
 */
function failureText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  const detail = cause?.code ?? cause?.message;
  return detail ? `${error.message} (${detail})` : error.message;
}
