import { join } from "node:path";
import { pathToFileURL } from "node:url";
import * as Auth from "@core/auth";
import * as Automations from "@core/automations";
import * as Datasets from "@core/datasets";
import * as Evaluators from "@core/evaluators";
import * as Exports from "@core/exports";
import type { Deps } from "@core/platform/deps";
import { rotateSecrets } from "@core/platform/keyring";
import type { SealedSecretTable } from "@core/platform/ports";
import { readSecrets } from "../functions/_runtime/aws";
import { parseEnv } from "../functions/_runtime/env";
import { openKeyRing } from "../functions/_runtime/key-ring";
import { REPO_MIGRATIONS } from "../functions/_runtime/migrate-stores";
import { awsCredentials } from "../functions/_runtime/ports/aws-options";
import { openRelationalStore, sdkCredentialChain } from "../functions/local/stores";

/** Every table holding secrets sealed with the key ring. A feature that stores such secrets adds its table here. */
export const SEALED_SECRET_TABLES: readonly SealedSecretTable[] = [
  Evaluators.providerCredentialSecrets,
  Datasets.runnerSecrets,
  Automations.automationSecrets,
  Automations.sinkKeySecrets,
  Auth.ssoClientSecrets,
  Exports.exportKeySecrets,
];

export interface TableRotation {
  table: string;
  rewritten: number;
  alreadyCurrent: number;
  /** Rows no key of the ring opens: listed, left untouched. */
  unreadable: { id: string; label: string; keyId: string | null }[];
}

/**
 * Rewrites every stored secret under the ring's active key, table by table (docs/secrets.md, "Rotation"). Rows already
 * under the active key are only checked; rows no key opens are reported and left alone. Safe to re-run.
 */
export async function rotateStoredSecrets(
  deps: Pick<Deps, "db" | "keyRing">,
  tables: readonly SealedSecretTable[] = SEALED_SECRET_TABLES,
): Promise<TableRotation[]> {
  const reports: TableRotation[] = [];
  for (const table of tables) {
    const rows = await table.rows(deps.db);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const report = await rotateSecrets(deps.keyRing, rows, (id, sealed, previous) =>
      table.write(deps.db, id, sealed, previous),
    );
    reports.push({
      table: table.name,
      rewritten: report.rewritten,
      alreadyCurrent: report.alreadyCurrent,
      unreadable: report.unreadable.map((id) => ({
        id,
        label: byId.get(id)!.label,
        keyId: deps.keyRing.keyIdOf(byId.get(id)!.sealed),
      })),
    });
  }
  return reports;
}

export function formatRotation(
  activeKeyId: string,
  keyIds: readonly string[],
  reports: readonly TableRotation[],
): string {
  const lines = [`Key ring: active key "${activeKeyId}" (keys: ${keyIds.join(", ")})`];
  for (const r of reports) {
    lines.push(
      `${r.table}: ${r.rewritten} rewritten, ${r.alreadyCurrent} already under "${activeKeyId}", ${r.unreadable.length} unreadable (left untouched)`,
    );
    for (const u of r.unreadable)
      lines.push(
        `  unreadable: ${u.id} (${u.label}) sealed under ${u.keyId === null ? "no recognisable key" : `key "${u.keyId}"`}`,
      );
  }
  return lines.join("\n");
}

/**
 * `npm run rotate-secrets [-- --json]`: the ring from SIGHTLINE_KEY_RING (or, for `npm start`'s embedded
 * store, `<data dir>/keyring`), the database from DATABASE_URL (or the embedded one: stop `npm start` first,
 * PGlite admits one process). With SIGHTLINE_SECRETS_ARN the stage's secret fills what the environment lacks.
 */
async function main(argv: readonly string[]): Promise<void> {
  const initial = parseEnv(process.env);
  const secrets = await readSecrets(initial, awsCredentials(initial, sdkCredentialChain()));
  const env = parseEnv({ ...secrets, ...process.env });
  const keyRing = await openKeyRing(env, { persist: !env.SIGHTLINE_SECRETS_ARN });
  const pg = await openRelationalStore(env);
  try {
    await pg.migrate(join(REPO_MIGRATIONS, "postgres"));
    const reports = await rotateStoredSecrets({ db: pg.db, keyRing });
    console.log(
      argv.includes("--json")
        ? JSON.stringify({ activeKeyId: keyRing.activeKeyId, tables: reports })
        : formatRotation(keyRing.activeKeyId, keyRing.keyIds, reports),
    );
  } finally {
    await pg.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  });
}
