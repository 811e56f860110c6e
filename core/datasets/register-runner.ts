import { and, asc, eq } from "drizzle-orm";
import * as Audit from "../audit";
import { refusedUrlHost } from "../platform/address-policy";
import type { Db } from "../platform/db";
import type { Deps } from "../platform/deps";
import { invalid } from "../platform/errors";
import type { SealedSecretTable } from "../platform/ports";
import type { Principal } from "../platform/principal";
import { datasetRunners, datasets } from "./datasets.sql";
import { findDataset } from "./lookup";

/** Runner signing secrets: `rs-sl-` and 32 random bytes (base64url). */
const newSecret = (deps: Pick<Deps, "ids">) => `rs-sl-${deps.ids.token(32)}`;

/** @throws invalid_input unless an http(s) URL that the deployment's address policy allows. */
export function checkRunnerUrl(url: string, allowPrivateUrls: boolean): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid("url must be an absolute http or https URL");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw invalid("url must be an absolute http or https URL");
  // A convenience: the outbound adapter checks the address each connection reaches (docs/outbound.md).
  if (!allowPrivateUrls && refusedUrlHost(url))
    throw invalid(
      "url names a private or loopback address, which this deployment refuses (SIGHTLINE_ALLOW_PRIVATE_URLS)",
    );
  return parsed.toString();
}

/**
 * Registers (or replaces) the dataset's runner with a new signing secret, sealed with the key ring
 * and returned in this answer only; the last status and error start afresh. Records
 * `dataset.runner_registered` without the secret.
 * @throws not_found; invalid_input for a URL that is not http(s) or names a refused private address.
 */
export async function registerRunner(
  deps: Pick<Deps, "db" | "clock" | "ids" | "keyRing" | "config">,
  principal: Principal,
  name: string,
  input: { url: string },
): Promise<{ url: string; secret: string }> {
  const url = checkRunnerUrl(input.url, deps.config.allowPrivateUrls);
  const secret = newSecret(deps);
  const sealed = deps.keyRing.encrypt(secret);
  return deps.db.transaction(async (db) => {
    const dataset = await findDataset(db, principal.projectId, name);
    const now = deps.clock.now();
    const reset = {
      url,
      secretSealed: sealed,
      lastStatus: null,
      lastError: null,
      lastHttpStatus: null,
      lastTriggeredAt: null,
      updatedAt: now,
    };
    const [previous] = await db
      .select({ url: datasetRunners.url })
      .from(datasetRunners)
      .where(eq(datasetRunners.datasetId, dataset.id));
    await db
      .insert(datasetRunners)
      .values({ datasetId: dataset.id, ...reset, createdAt: now })
      .onConflictDoUpdate({ target: datasetRunners.datasetId, set: reset });
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "dataset.runner_registered",
      target: { type: "dataset", id: dataset.id },
      details: { name, url, previousUrl: previous?.url ?? null },
    });
    return { url, secret };
  });
}

/** Runner signing secrets, for the rotation command's registry of sealed secrets. */
export const runnerSecrets: SealedSecretTable = {
  name: "dataset_runners",
  async rows(db: Db) {
    const rows = await db
      .select({
        id: datasetRunners.datasetId,
        sealed: datasetRunners.secretSealed,
        projectId: datasets.projectId,
        name: datasets.name,
      })
      .from(datasetRunners)
      .innerJoin(datasets, eq(datasets.id, datasetRunners.datasetId))
      .orderBy(asc(datasets.projectId), asc(datasets.name));
    return rows.map((r) => ({ id: r.id, sealed: r.sealed, label: `project ${r.projectId}, dataset ${r.name}` }));
  },
  async write(db: Db, id: string, sealed: string, previous: string) {
    await db
      .update(datasetRunners)
      .set({ secretSealed: sealed })
      .where(and(eq(datasetRunners.datasetId, id), eq(datasetRunners.secretSealed, previous)));
  },
};
