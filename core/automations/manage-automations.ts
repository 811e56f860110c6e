import { and, asc, eq } from "drizzle-orm";
import * as Audit from "../audit";
import { readThroughOwned } from "../platform/cache";
import type { Db } from "../platform/db";
import { isUniqueViolation } from "../platform/db-errors";
import type { Deps } from "../platform/deps";
import { conflict, notFound } from "../platform/errors";
import type { SealedSecretTable } from "../platform/ports";
import type { Principal } from "../platform/principal";
import type { AutomationInput, AutomationView, Trigger } from "./automations.schema";
import { automations } from "./automations.sql";

export type AutomationRow = typeof automations.$inferSelect;

const view = (row: AutomationRow): AutomationView => ({
  id: row.id,
  name: row.name,
  trigger: row.trigger as Trigger,
  action: row.action,
  target: row.target,
  hasSecret: row.secretSealed !== null,
  filter: (row.filter as AutomationView["filter"]) ?? null,
  threshold: row.threshold,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Cache scope of a project's automations; every write moves it (docs/architecture.md, "In-process caches"). */
export const automationsScope = (projectId: string) => `automations:${projectId}`;

/** The project's enabled automations, as the fan-out and the ingest worker read them on every event. */
export function enabledAutomations(
  deps: Pick<Deps, "db" | "config" | "caches">,
  projectId: string,
): Promise<AutomationRow[]> {
  return readThroughOwned(deps, "automations", automationsScope(projectId), projectId, () =>
    deps.db
      .select()
      .from(automations)
      .where(and(eq(automations.projectId, projectId), eq(automations.enabled, true))),
  );
}

/** @throws not_found for an id that is not an automation of the project. */
export async function findAutomation(deps: Pick<Deps, "db">, projectId: string, id: string): Promise<AutomationRow> {
  const [row] = await deps.db
    .select()
    .from(automations)
    .where(and(eq(automations.projectId, projectId), eq(automations.id, id)));
  if (!row) throw notFound("automation", id);
  return row;
}

type Writer = Pick<Deps, "db" | "clock" | "ids" | "caches" | "keyRing">;

const taken = (name: string) => conflict(`An automation named '${name}' exists`);

/**
 * Saves a new automation with its secret sealed. A webhook without a secret gets a generated signing secret,
 * returned here and never again. @throws conflict when the name is taken
 */
export async function createAutomation(
  deps: Writer,
  principal: Principal,
  input: AutomationInput,
): Promise<AutomationView & { secret?: string }> {
  const generated =
    input.action === "webhook" && input.secret === undefined ? `whsec_${deps.ids.token(32)}` : undefined;
  const secret = input.secret ?? generated;
  const now = deps.clock.now();
  const row: AutomationRow = {
    id: deps.ids.uuid(),
    projectId: principal.projectId,
    name: input.name,
    trigger: input.trigger,
    action: input.action,
    target: input.target,
    secretSealed: secret === undefined ? null : deps.keyRing.encrypt(secret),
    filter: input.filter ?? null,
    threshold: input.threshold ?? null,
    enabled: input.enabled,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await deps.caches.write(automationsScope(principal.projectId), () =>
      deps.db.transaction(async (db) => {
        await db.insert(automations).values(row);
        await Audit.recordChange({ ...deps, db }, principal, {
          action: "automation.created",
          target: { type: "automation", id: row.id },
          details: { name: row.name, trigger: row.trigger, action: row.action },
        });
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error, "automations_project_name_idx")) throw taken(input.name);
    throw error;
  }
  return { ...view(row), ...(generated ? { secret: generated } : {}) };
}

export async function listAutomations(deps: Pick<Deps, "db">, projectId: string): Promise<{ data: AutomationView[] }> {
  const rows = await deps.db
    .select()
    .from(automations)
    .where(eq(automations.projectId, projectId))
    .orderBy(asc(automations.name));
  return { data: rows.map(view) };
}

export async function getAutomation(deps: Pick<Deps, "db">, projectId: string, id: string): Promise<AutomationView> {
  return view(await findAutomation(deps, projectId, id));
}

/**
 * Replaces an automation's settings. An absent secret keeps the stored one, unless the action changes (a
 * webhook's signing secret is no GitHub token). @throws not_found, conflict
 */
export async function updateAutomation(
  deps: Writer,
  principal: Principal,
  id: string,
  input: AutomationInput,
): Promise<AutomationView & { secret?: string }> {
  const current = await findAutomation(deps, principal.projectId, id);
  const keep = input.secret === undefined && input.action === current.action && input.action !== "slack";
  const generated =
    input.action === "webhook" && input.secret === undefined && !(keep && current.secretSealed)
      ? `whsec_${deps.ids.token(32)}`
      : undefined;
  const secret = input.secret ?? generated;
  const secretSealed = secret !== undefined ? deps.keyRing.encrypt(secret) : keep ? current.secretSealed : null;
  const changes = {
    name: input.name,
    trigger: input.trigger,
    action: input.action,
    target: input.target,
    secretSealed,
    filter: input.filter ?? null,
    threshold: input.threshold ?? null,
    enabled: input.enabled,
    updatedAt: deps.clock.now(),
  };
  try {
    await deps.caches.write(automationsScope(principal.projectId), () =>
      deps.db.transaction(async (db) => {
        await db
          .update(automations)
          .set(changes)
          .where(and(eq(automations.projectId, principal.projectId), eq(automations.id, id)));
        await Audit.recordChange({ ...deps, db }, principal, {
          action: "automation.updated",
          target: { type: "automation", id },
          details: {
            name: input.name,
            trigger: input.trigger,
            action: input.action,
            enabled: input.enabled,
            secretChanged: secret !== undefined,
          },
        });
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error, "automations_project_name_idx")) throw taken(input.name);
    throw error;
  }
  return { ...view({ ...current, ...changes }), ...(generated ? { secret: generated } : {}) };
}

/** Deletes an automation with its delivery log. @throws not_found */
export async function deleteAutomation(
  deps: Pick<Deps, "db" | "clock" | "ids" | "caches">,
  principal: Principal,
  id: string,
): Promise<{ deleted: true }> {
  const current = await findAutomation(deps, principal.projectId, id);
  await deps.caches.write(automationsScope(principal.projectId), () =>
    deps.db.transaction(async (db) => {
      await db.delete(automations).where(and(eq(automations.projectId, principal.projectId), eq(automations.id, id)));
      await Audit.recordChange({ ...deps, db }, principal, {
        action: "automation.deleted",
        target: { type: "automation", id },
        details: { name: current.name },
      });
    }),
  );
  return { deleted: true };
}

/** Automation secrets (webhook signing secrets, GitHub tokens) for the rotation command (docs/secrets.md). */
export const automationSecrets: SealedSecretTable = {
  name: "automations",
  async rows(db: Db) {
    const rows = await db
      .select({
        id: automations.id,
        sealed: automations.secretSealed,
        projectId: automations.projectId,
        name: automations.name,
      })
      .from(automations)
      .orderBy(asc(automations.projectId), asc(automations.name));
    return rows
      .filter((r) => r.sealed !== null)
      .map((r) => ({ id: r.id, sealed: r.sealed!, label: `project ${r.projectId}, automation ${r.name}` }));
  },
  async write(db: Db, id: string, sealed: string, previous: string) {
    await db
      .update(automations)
      .set({ secretSealed: sealed })
      .where(and(eq(automations.id, id), eq(automations.secretSealed, previous)));
  },
};
