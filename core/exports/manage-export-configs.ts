import { and, eq } from "drizzle-orm";
import * as Audit from "../audit";
import { refusedUrlHost } from "../platform/address-policy";
import type { Db } from "../platform/db";
import type { Deps } from "../platform/deps";
import { invalid, notFound } from "../platform/errors";
import type { SealedSecretTable } from "../platform/ports";
import type { Principal } from "../platform/principal";
import type { ExportConfigBody, ExportConfigView } from "./export-configs.schema";
import { exportConfigs } from "./export-configs.sql";
import { windowStart } from "./windows";

type Row = typeof exportConfigs.$inferSelect;

export const configView = (row: Row): ExportConfigView => ({
  id: row.id,
  name: row.name,
  bucket: row.bucket,
  prefix: row.prefix,
  region: row.region,
  endpoint: row.endpoint,
  accessKeyId: row.accessKeyId,
  hasCredentials: row.secretAccessKeySealed !== null,
  format: row.format,
  tables: row.tables as ExportConfigView["tables"],
  frequency: row.frequency,
  enabled: row.enabled,
  lastExportedAt: row.lastExportedAt.toISOString(),
  lastRunAt: row.lastRunAt?.toISOString() ?? null,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** What the audit entry keeps of a config: everything but the secret. */
const audited = (row: Row) => ({
  name: row.name,
  bucket: row.bucket,
  prefix: row.prefix,
  region: row.region,
  endpoint: row.endpoint,
  format: row.format,
  tables: row.tables,
  frequency: row.frequency,
  enabled: row.enabled,
});

function checkEndpoint(endpoint: string | null, allowPrivateUrls: boolean) {
  if (endpoint && !allowPrivateUrls && refusedUrlHost(endpoint)) {
    throw invalid(
      "Invalid body.endpoint: names a private or loopback address, which this deployment refuses (SIGHTLINE_ALLOW_PRIVATE_URLS)",
    );
  }
}

async function rowOf(db: Db, projectId: string, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(exportConfigs)
    .where(and(eq(exportConfigs.projectId, projectId), eq(exportConfigs.id, id)));
  if (!row) throw notFound("export config");
  return row;
}

export async function listExportConfigs(
  deps: Pick<Deps, "db">,
  projectId: string,
): Promise<{ data: ExportConfigView[] }> {
  const rows = await deps.db
    .select()
    .from(exportConfigs)
    .where(eq(exportConfigs.projectId, projectId))
    .orderBy(exportConfigs.createdAt, exportConfigs.id);
  return { data: rows.map(configView) };
}

/** @throws not_found */
export async function getExportConfig(
  deps: Pick<Deps, "db">,
  projectId: string,
  id: string,
): Promise<ExportConfigView> {
  return configView(await rowOf(deps.db, projectId, id));
}

/**
 * A new scheduled export; its mark starts at `startFrom` (or now) rounded down to the period, so windows fall on
 * whole hours or days. Keys are sealed. @throws invalid_input
 */
export async function createExportConfig(
  deps: Pick<Deps, "db" | "clock" | "ids" | "keyRing" | "config">,
  principal: Principal,
  body: ExportConfigBody,
): Promise<ExportConfigView> {
  checkEndpoint(body.endpoint, deps.config.allowPrivateUrls);
  const now = deps.clock.now();
  const row: Row = {
    id: deps.ids.uuid(),
    projectId: principal.projectId,
    name: body.name,
    bucket: body.bucket,
    prefix: body.prefix,
    region: body.region,
    endpoint: body.endpoint,
    accessKeyId: body.credentials?.accessKeyId ?? null,
    secretAccessKeySealed: body.credentials ? deps.keyRing.encrypt(body.credentials.secretAccessKey) : null,
    format: body.format,
    tables: [...new Set(body.tables)],
    frequency: body.frequency,
    enabled: body.enabled,
    lastExportedAt: windowStart(body.startFrom ? new Date(body.startFrom) : now, body.frequency),
    lastRunAt: null,
    lastError: null,
    lastObjects: null,
    leasedUntil: null,
    createdAt: now,
    updatedAt: now,
  };
  await deps.db.transaction(async (db) => {
    await db.insert(exportConfigs).values(row);
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "export_config.created",
      target: { type: "export_config", id: row.id },
      details: { ...audited(row), keys: row.secretAccessKeySealed !== null },
    });
  });
  return configView(row);
}

/**
 * Replaces a config's definition; keys absent from the body are kept, `credentials: null` removes them. The mark
 * is kept (a changed frequency rounds it down to the new period). @throws not_found, invalid_input
 */
export async function updateExportConfig(
  deps: Pick<Deps, "db" | "clock" | "ids" | "keyRing" | "config">,
  principal: Principal,
  id: string,
  body: ExportConfigBody,
): Promise<ExportConfigView> {
  checkEndpoint(body.endpoint, deps.config.allowPrivateUrls);
  if (body.startFrom !== undefined)
    throw invalid(
      "Invalid body.startFrom: only a new export config takes a start; the mark of this one moves as it exports",
    );
  const now = deps.clock.now();
  return deps.db.transaction(async (db) => {
    const current = await rowOf(db, principal.projectId, id);
    const keys =
      body.credentials === undefined
        ? { accessKeyId: current.accessKeyId, secretAccessKeySealed: current.secretAccessKeySealed }
        : {
            accessKeyId: body.credentials?.accessKeyId ?? null,
            secretAccessKeySealed: body.credentials ? deps.keyRing.encrypt(body.credentials.secretAccessKey) : null,
          };
    const set = {
      name: body.name,
      bucket: body.bucket,
      prefix: body.prefix,
      region: body.region,
      endpoint: body.endpoint,
      ...keys,
      format: body.format,
      tables: [...new Set(body.tables)],
      frequency: body.frequency,
      enabled: body.enabled,
      lastExportedAt: windowStart(current.lastExportedAt, body.frequency),
      updatedAt: now,
    };
    const [row] = await db
      .update(exportConfigs)
      .set(set)
      .where(and(eq(exportConfigs.projectId, principal.projectId), eq(exportConfigs.id, id)))
      .returning();
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "export_config.updated",
      target: { type: "export_config", id },
      details: { ...audited(row!), keysChanged: body.credentials !== undefined },
    });
    return configView(row!);
  });
}

/** @throws not_found */
export async function deleteExportConfig(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  principal: Principal,
  id: string,
): Promise<{ deleted: true }> {
  await deps.db.transaction(async (db) => {
    const row = await rowOf(db, principal.projectId, id);
    await db.delete(exportConfigs).where(eq(exportConfigs.id, id));
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "export_config.deleted",
      target: { type: "export_config", id },
      details: audited(row),
    });
  });
  return { deleted: true };
}

/** Export bucket keys for the rotation command (docs/secrets.md). */
export const exportKeySecrets: SealedSecretTable = {
  name: "export_configs",
  async rows(db: Db) {
    const rows = await db
      .select({ id: exportConfigs.id, projectId: exportConfigs.projectId, sealed: exportConfigs.secretAccessKeySealed })
      .from(exportConfigs)
      .orderBy(exportConfigs.id);
    return rows
      .filter((r) => r.sealed !== null)
      .map((r) => ({ id: r.id, sealed: r.sealed!, label: `project ${r.projectId}, export config ${r.id}` }));
  },
  async write(db: Db, id: string, sealed: string, previous: string) {
    await db
      .update(exportConfigs)
      .set({ secretAccessKeySealed: sealed })
      .where(and(eq(exportConfigs.id, id), eq(exportConfigs.secretAccessKeySealed, previous)));
  },
};
