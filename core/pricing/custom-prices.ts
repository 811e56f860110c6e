import { and, asc, eq } from "drizzle-orm";
import * as Audit from "../audit";
import type { Deps } from "../platform/deps";
import { invalid, notFound } from "../platform/errors";
import type { Principal } from "../platform/principal";
import { builtinModelPrices } from "./builtin-model-prices";
import type { PriceEntry } from "./price-entry";
import type { ModelPrice, ModelPriceInput } from "./pricing.schema";
import { modelPrices } from "./pricing.sql";

const view = (r: typeof modelPrices.$inferSelect): ModelPrice => ({
  id: r.id,
  modelName: r.modelName,
  matchPattern: r.matchPattern,
  prices: r.prices as Record<string, number>,
  unit: r.unit as "TOKENS",
  source: "custom" as const,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * Saves a project price (one per model name; saving the name again replaces it).
 * It wins over the built-in registry for every observation priced afterwards.
 */
export async function upsertCustomPrice(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  principal: Principal,
  input: ModelPriceInput,
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (db) => {
    const [row] = await db
      .insert(modelPrices)
      .values({
        id: deps.ids.uuid(),
        projectId: principal.projectId,
        modelName: input.modelName,
        matchPattern: input.matchPattern,
        prices: input.prices,
        unit: input.unit ?? "TOKENS",
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [modelPrices.projectId, modelPrices.modelName],
        set: { matchPattern: input.matchPattern, prices: input.prices, unit: input.unit ?? "TOKENS", updatedAt: now },
      })
      .returning();
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "model_price.saved",
      target: { type: "model_price", id: row!.id },
      details: { modelName: input.modelName, matchPattern: input.matchPattern, prices: input.prices },
    });
    return view(row!);
  });
}

/** The project's prices first (they win), then the built-in registry in match order. */
export async function listPrices(deps: Pick<Deps, "db">, projectId: string) {
  const custom = await deps.db
    .select()
    .from(modelPrices)
    .where(eq(modelPrices.projectId, projectId))
    .orderBy(asc(modelPrices.modelName));
  return {
    data: [...custom.map(view), ...builtinModelPrices()],
  };
}

/** A project's own prices, as entries the matcher takes (they win over the built-in ones). */
export async function customPriceEntries(deps: Pick<Deps, "db">, projectId: string): Promise<PriceEntry[]> {
  const rows = await deps.db.select().from(modelPrices).where(eq(modelPrices.projectId, projectId));
  return rows.map((r) => ({
    modelName: r.modelName,
    matchPattern: r.matchPattern,
    prices: r.prices as Record<string, number>,
  }));
}

/** One price by id: the project's own, or a built-in one (`builtin:<modelName>`). @throws not_found */
export async function getPrice(deps: Pick<Deps, "db">, projectId: string, id: string): Promise<ModelPrice> {
  const builtin = builtinModelPrices().find((p) => p.id === id);
  if (builtin) return builtin;
  const [row] = await deps.db
    .select()
    .from(modelPrices)
    .where(and(eq(modelPrices.projectId, projectId), eq(modelPrices.id, id)));
  if (!row) throw notFound("Model price", id);
  return view(row);
}

/**
 * Deletes one of the project's own prices; audited. Observations priced afterwards fall back to the built-in
 * registry. Costs already computed stay. @throws not_found; invalid_input for a built-in price.
 */
export async function deleteCustomPrice(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  principal: Principal,
  id: string,
): Promise<ModelPrice> {
  if (builtinModelPrices().some((p) => p.id === id))
    throw invalid(`Built-in price '${id}' cannot be deleted: save a price of the same modelName to override it`);
  return deps.db.transaction(async (db) => {
    const [row] = await db
      .delete(modelPrices)
      .where(and(eq(modelPrices.projectId, principal.projectId), eq(modelPrices.id, id)))
      .returning();
    if (!row) throw notFound("Model price", id);
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "model_price.deleted",
      target: { type: "model_price", id },
      details: { modelName: row.modelName },
    });
    return view(row);
  });
}
