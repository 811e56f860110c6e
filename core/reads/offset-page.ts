import type { Deps } from "../platform/deps";
import { type Display, type Entity, keysIn, selectDisplay } from "../telemetry";
import { alias, type CompiledFilters, Params } from "./filters";
import type { SortDir } from "./list-engine";

/** A page addressed by its position (skip `offset`, take `limit`), for clients that page by number (docs/langfuse.md, "Pages"). */
export interface OffsetPlan {
  entity: Entity;
  projectId: string;
  filters: CompiledFilters;
  params: Params;
  sort: { column: string; dir: SortDir };
  offset: number;
  limit: number;
}

/**
 * One numbered page of an entity list with the number of entities the filters match: the same filters,
 * folding and order (NULL sort values last, ties by the keys) as the cursor lists (`listPage`), so a
 * client paging by number and one following cursors see the same rows. A page past the end is empty
 * and still carries the true total.
 */
export async function offsetPage<T>(
  deps: Pick<Deps, "telemetry">,
  plan: OffsetPlan,
  display: Display,
): Promise<{ rows: T[]; total: number }> {
  const { entity, filters, sort } = plan;
  const params = plan.params.fork({ projectId: plan.projectId });
  const keys = entity.keys.join(", ");
  // Each narrowing predicate is its own semi-join (an entity's values may come from different raw rows), as in `listPage`.
  const narrow = filters.narrow.map((p) =>
    entity.keys
      .map((k) => `${k} IN (SELECT ${k} FROM ${entity.table} WHERE project_id = {projectId:String} AND ${p})`)
      .join(" AND "),
  );
  const folds = [...filters.columns].map((c) => `${entity.columns[c]!.fold} AS ${alias(c)}`);
  const matching = `SELECT ${keys}, ${entity.columns[sort.column]!.fold} AS sv${folds.length ? `, ${folds.join(", ")}` : ""}
    FROM ${entity.table} WHERE ${["project_id = {projectId:String}", ...narrow, ...filters.keyed].join(" AND ")} GROUP BY ${keys}
    ${filters.exact.length ? `HAVING ${filters.exact.join(" AND ")}` : ""}`;
  const dir = sort.dir === "desc" ? "DESC" : "ASC";
  const [counted, keyed] = await Promise.all([
    deps.telemetry.query<{ n: number | string }>(`SELECT count() AS n FROM (${matching})`, params.values),
    deps.telemetry.query<Record<string, string>>(
      `SELECT ${keys} FROM (${matching}) ORDER BY sv ${dir} NULLS LAST, ${entity.keys.map((k) => `${k} ${dir}`).join(", ")} LIMIT ${plan.limit} OFFSET ${plan.offset}`,
      params.values,
    ),
  ]);
  const total = Number(counted[0]?.n ?? 0);
  if (keyed.length === 0) return { rows: [], total };
  // Only the page's entities are folded for display, then put back in the page's order.
  const shown = new Params({ projectId: plan.projectId });
  const names = entity.keys.map((_, i) => shown.name([...new Set(keyed.map((r) => String(r[entity.keys[i]!])))]));
  const found = await deps.telemetry.query<Record<string, unknown>>(
    `SELECT ${keys}, ${selectDisplay(display)} FROM ${entity.table} WHERE project_id = {projectId:String} AND ${keysIn(entity.keys, names)} GROUP BY ${keys}`,
    shown.values,
  );
  const keyOf = (r: Record<string, unknown>) => entity.keys.map((k) => String(r[k])).join("\u0000");
  const byKey = new Map(found.map((r) => [keyOf(r), r]));
  const rows = keyed.map((r) => byKey.get(keyOf(r))).filter((r): r is Record<string, unknown> => r !== undefined);
  return { rows: rows as T[], total };
}
