import { and, asc, eq } from "drizzle-orm";
import * as Audit from "../audit";
import { readThroughOwned } from "../platform/cache";
import { isUniqueViolation } from "../platform/db-errors";
import type { Deps } from "../platform/deps";
import { conflict, notFound } from "../platform/errors";
import type { Principal } from "../platform/principal";
import type { CreateScoreConfigInput, ScoreConfigView } from "./scores.schema";
import { scoreConfigs } from "./scores.sql";

type Row = typeof scoreConfigs.$inferSelect;
type Writer = Pick<Deps, "db" | "clock" | "ids" | "caches">;

const view = (r: Row): ScoreConfigView => ({
  id: r.id,
  name: r.name,
  dataType: r.dataType,
  min: r.min,
  max: r.max,
  categories: (r.categories as string[] | null) ?? [],
  description: r.description,
  archived: r.archived,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const scopeOf = (projectId: string) => `score-configs:${projectId}`;

/**
 * The project's configs (archived ones included), read on every path that writes a score. On a store this
 * process owns every config write goes through this module, so they are cached exactly; on a shared Postgres
 * they are read each time (docs/architecture.md, "In-process caches").
 */
export async function scoreConfigsOf(
  deps: Pick<Deps, "db" | "config" | "caches">,
  projectId: string,
): Promise<ScoreConfigView[]> {
  return readThroughOwned(deps, "score-configs", scopeOf(projectId), projectId, async () =>
    (
      await deps.db
        .select()
        .from(scoreConfigs)
        .where(eq(scoreConfigs.projectId, projectId))
        .orderBy(asc(scoreConfigs.name), asc(scoreConfigs.createdAt))
    ).map(view),
  );
}

/** @throws conflict when a non-archived config of that name exists. */
export async function createScoreConfig(
  deps: Writer,
  principal: Principal,
  input: CreateScoreConfigInput,
): Promise<ScoreConfigView> {
  const now = deps.clock.now();
  const row: Row = {
    id: deps.ids.uuid(),
    projectId: principal.projectId,
    name: input.name,
    dataType: input.dataType,
    min: input.min ?? null,
    max: input.max ?? null,
    categories: input.categories ?? [],
    description: input.description ?? null,
    archived: false,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await deps.caches.write(scopeOf(principal.projectId), () =>
      deps.db.transaction(async (db) => {
        await db.insert(scoreConfigs).values(row);
        await Audit.recordChange({ ...deps, db }, principal, {
          action: "score_config.created",
          target: { type: "score_config", id: row.id },
          details: { name: row.name, dataType: row.dataType },
        });
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error, "score_configs_active_name_idx"))
      throw conflict(`A score config named '${input.name}' exists: archive it first`);
    throw error;
  }
  return view(row);
}

export async function listScoreConfigs(
  deps: Pick<Deps, "db" | "config" | "caches">,
  projectId: string,
  q: { archived?: "true" | "false" },
) {
  const all = await scoreConfigsOf(deps, projectId);
  return { data: q.archived === undefined ? all : all.filter((c) => c.archived === (q.archived === "true")) };
}

/**
 * Archives or restores a config. @throws not_found; conflict when restoring it would make two active configs of one name.
 */
export async function patchScoreConfig(
  deps: Writer,
  principal: Principal,
  id: string,
  input: { archived: boolean },
): Promise<ScoreConfigView> {
  try {
    return await deps.caches.write(scopeOf(principal.projectId), () =>
      deps.db.transaction(async (db) => {
        const [row] = await db
          .update(scoreConfigs)
          .set({ archived: input.archived, updatedAt: deps.clock.now() })
          .where(and(eq(scoreConfigs.projectId, principal.projectId), eq(scoreConfigs.id, id)))
          .returning();
        if (!row) throw notFound("score config", id);
        await Audit.recordChange({ ...deps, db }, principal, {
          action: input.archived ? "score_config.archived" : "score_config.restored",
          target: { type: "score_config", id },
          details: { name: row.name },
        });
        return view(row);
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error, "score_configs_active_name_idx"))
      throw conflict(`Another active score config has this name: archive it first`);
    throw error;
  }
}
