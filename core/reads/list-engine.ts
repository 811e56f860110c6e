import * as z from "zod";
import type { Deps } from "../platform/deps";
import { invalid } from "../platform/errors";
import { decodeCursor } from "../platform/pagination";
import { type Display, type Entity, keysIn, selectDisplay } from "../telemetry";
import { alias, type CompiledFilters, Params } from "./filters";
import { type LineFormat, lineOf, type RowLines } from "./row-lines.ch";

export type SortDir = "asc" | "desc";

export interface ListPlan {
  entity: Entity;
  projectId: string;
  filters: CompiledFilters;
  params: Params;
  sort: { column: string; dir: SortDir };
  limit: number;
  cursor: string | undefined;
  /** Raw rows read by the first candidate attempt; tests lower it to exercise the retries. */
  candidateRows?: number;
}

/**
 * The sort "column" of a key-order walk (exports): the entity's sort key, ascending, one key range at a time
 * (`keyRangePage`). Not a list order users can ask for.
 */
export const KEY_ORDER = "_keys";

/** The sort of a key-order walk: `limit` is then the raw rows a page spans, not the rows it returns. */
export const KEY_SORT = { column: KEY_ORDER, dir: "asc" } as const;

export interface KeyedRow {
  keys: string[];
  sort: string | number | null;
}

const CursorShape = z.object({
  o: z.string(),
  d: z.enum(["asc", "desc"]),
  s: z.union([z.string(), z.number(), z.null()]),
  k: z.array(z.string()),
});
type CursorPos = z.infer<typeof CursorShape>;

const encode = (c: CursorPos) => Buffer.from(JSON.stringify(c)).toString("base64url");

/** Candidate reads before the plan folds every matching entity instead; each grows by what the last one found. */
const CANDIDATE_ATTEMPTS = 3;
const MAX_CANDIDATE_ROWS = 200_000;

/**
 * One page of an entity list: the folded display rows (keys plus `display` aliases) in
 * order, and the next cursor.
 *
 * Sorted by the entity's time (the default), a page reads the newest raw rows from the
 * time-ordered projection, folds only those entities and checks the answer is exact: an
 * entity not among the candidates has every raw time beyond the last candidate row, hence a
 * folded (min) time beyond it too, so the page is exact once its last entity sorts strictly
 * before that boundary. Otherwise the read grows, and finally the plan folds every entity the
 * filters leave (narrowed first on raw rows), which is exact for any sort.
 *
 * @throws invalid_input when the cursor was made for another order.
 */
export async function listPage<T>(
  deps: Pick<Deps, "telemetry">,
  plan: ListPlan,
  display: Display,
): Promise<{ rows: T[]; nextCursor: string | null }> {
  const cursor = plan.cursor ? decodeCursor(plan.cursor, CursorShape) : null;
  if (plan.sort.column === KEY_ORDER) {
    if (cursor && (cursor.o !== KEY_ORDER || cursor.k.length !== plan.entity.keys.length))
      throw invalid("Invalid cursor: it was made for another order");
    return keyRangePage<T>(deps, plan, cursor?.k ?? null, display);
  }
  if (
    cursor &&
    (cursor.o !== plan.sort.column || cursor.d !== plan.sort.dir || cursor.k.length !== plan.entity.keys.length)
  ) {
    throw invalid("Invalid cursor: it was made for another order");
  }
  if (cursor && !sortValueFits(plan.entity.columns[plan.sort.column]!.kind, cursor.s)) throw invalid("Invalid cursor");
  const fast =
    plan.sort.column === plan.entity.time.name && plan.filters.keyed.length === 0 && !(cursor && cursor.s === null);
  const found =
    (fast ? await candidatePage(deps, plan, cursor, display) : null) ?? (await foldAll(deps, plan, cursor, display));
  const page = found.slice(0, plan.limit);
  const last = page.at(-1);
  const nextCursor =
    found.length > plan.limit && last
      ? encode({ o: plan.sort.column, d: plan.sort.dir, s: last.sort, k: last.keys })
      : null;
  return { rows: page.map((r) => r.row as T), nextCursor };
}

interface Found extends KeyedRow {
  row: Record<string, unknown>;
}

const CH_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/;

/** A tampered cursor must be a 400, not a parameter ClickHouse cannot parse. */
function sortValueFits(kind: string, s: string | number | null): boolean {
  if (s === null) return true;
  if (kind === "number") return typeof s === "number" && Number.isFinite(s);
  if (kind === "datetime") return typeof s === "string" && CH_TIME.test(s);
  return typeof s === "string";
}

const typeOf = (kind: string) =>
  kind === "number" ? "Float64" : kind === "datetime" ? "DateTime64(3, 'UTC')" : "String";

/** The folded rows of the entities matching `restrict`, filtered exactly, in order, limit + 1. */
function foldedQuery(
  plan: ListPlan,
  params: Params,
  cursor: CursorPos | null,
  restrict: string[],
  display: Display = [],
): string {
  const { entity, filters, sort } = plan;
  const def = entity.columns[sort.column]!;
  const keys = entity.keys.join(", ");
  const folds = [...filters.columns].map((c) => `${entity.columns[c]!.fold} AS ${alias(c)}`);
  const shown = display.length ? `, ${selectDisplay(display, "d_")}` : "";
  const inner = `SELECT ${keys}, ${def.fold} AS sv${folds.length ? `, ${folds.join(", ")}` : ""}${shown}
    FROM ${entity.table} WHERE ${["project_id = {projectId:String}", ...restrict, ...filters.keyed].join(" AND ")} GROUP BY ${keys}`;
  const where = [...filters.exact];
  if (cursor) where.push(keyset(plan, params, cursor));
  const dir = sort.dir === "desc" ? "DESC" : "ASC";
  const out = def.kind === "datetime" ? "toString(sv)" : "sv";
  const outShown = display.map(([a]) => `, d_${a}`).join("");
  return `SELECT ${keys}, ${out} AS sort${outShown} FROM (${inner})${where.length ? ` WHERE ${where.join(" AND ")}` : ""}
    ORDER BY sv ${dir} NULLS LAST, ${entity.keys.map((k) => `${k} ${dir}`).join(", ")} LIMIT ${plan.limit + 1}`;
}

/** Rows after the cursor, NULL sort values last, ties broken by the keys in the same direction. */
function keyset(plan: ListPlan, params: Params, cursor: CursorPos): string {
  const def = plan.entity.columns[plan.sort.column]!;
  const cmp = plan.sort.dir === "desc" ? "<" : ">";
  const keys = `(${plan.entity.keys.join(", ")})`;
  const after = `(${cursor.k.map((k) => params.bind("String", k)).join(", ")})`;
  const tuple =
    plan.entity.keys.length === 1 ? `${plan.entity.keys[0]} ${cmp} ${after.slice(1, -1)}` : `${keys} ${cmp} ${after}`;
  if (cursor.s === null) return `(sv IS NULL AND ${tuple})`;
  const s = params.bind(typeOf(def.kind), cursor.s);
  return `(sv ${cmp} ${s} OR sv IS NULL OR (sv = ${s} AND ${tuple}))`;
}

const toFound =
  (entity: Entity, display: Display) =>
  (r: Record<string, unknown>): Found => {
    const row: Record<string, unknown> = Object.fromEntries(entity.keys.map((k) => [k, r[k]]));
    for (const [a] of display) row[a] = r[`d_${a}`];
    return { keys: entity.keys.map((k) => String(r[k])), sort: (r.sort as string | number | null) ?? null, row };
  };

async function candidatePage(
  deps: Pick<Deps, "telemetry">,
  plan: ListPlan,
  cursor: CursorPos | null,
  display: Display,
): Promise<Found[] | null> {
  const { entity, sort } = plan;
  const time = entity.time.column;
  const keys = entity.keys.join(", ");
  let k = plan.candidateRows ?? Math.max(100, (plan.limit + 1) * 2);
  for (let attempt = 0; attempt < CANDIDATE_ATTEMPTS && k <= MAX_CANDIDATE_ROWS; attempt++) {
    const params = plan.params.fork({ projectId: plan.projectId });
    const bound = cursor
      ? ` AND ${time} ${sort.dir === "desc" ? "<=" : ">="} ${params.bind("DateTime64(3, 'UTC')", cursor.s)}`
      : "";
    // DESC NULLS FIRST / ASC is the projection's own order (NULLs sort last in storage), so it is read in order.
    const order = sort.dir === "desc" ? `${time} DESC NULLS FIRST` : `${time} ASC`;
    const candidates = await deps.telemetry.query<Record<string, string>>(
      `SELECT ${keys}, toString(${time}) AS s FROM ${entity.table}
       WHERE project_id = {projectId:String} AND ${time} IS NOT NULL${bound} ORDER BY ${order} LIMIT ${k}`,
      params.values,
    );
    const exhausted = candidates.length < k;
    if (candidates.length === 0) return null;
    const names = bindKeys(
      params,
      entity,
      candidates.map((c) => entity.keys.map((key) => c[key]!)),
    );
    // The candidates are few: fold their display columns in the same statement.
    const rows = (
      await deps.telemetry.query<Record<string, unknown>>(
        foldedQuery(plan, params, cursor, [keysIn(entity.keys, names)], display),
        params.values,
      )
    ).map(toFound(entity, display));
    if (rows.length === plan.limit + 1) {
      const boundary = candidates.at(-1)!.s!;
      const last = rows.at(-1)!.sort as string | null;
      if (exhausted || (last !== null && (sort.dir === "desc" ? last > boundary : last < boundary))) return rows;
    }
    // Every timed row was read and the page is short: entities without a time come last, fold them all.
    if (exhausted) return null;
    // Selective filters match few candidates: grow by the observed shortfall (×2 to ×64).
    k *= Math.min(64, Math.max(2, Math.ceil(((plan.limit + 1) / Math.max(rows.length, 1)) * 1.5)));
  }
  return null;
}

async function foldAll(
  deps: Pick<Deps, "telemetry">,
  plan: ListPlan,
  cursor: CursorPos | null,
  display: Display,
): Promise<Found[]> {
  const { entity, filters } = plan;
  const params = plan.params.fork({ projectId: plan.projectId });
  // Each narrowing predicate is its own semi-join (an entity's values may come from different raw
  // rows), one IN per key column: a superset of the entities, cheaper than hashing key tuples.
  const narrow = filters.narrow.map((p) =>
    entity.keys
      .map((k) => `${k} IN (SELECT ${k} FROM ${entity.table} WHERE project_id = {projectId:String} AND ${p})`)
      .join(" AND "),
  );
  const keyed = (
    await deps.telemetry.query<Record<string, unknown>>(foldedQuery(plan, params, cursor, narrow), params.values)
  ).map(toFound(entity, []));
  // Keys only (a bulk selection of ids): nothing more to fold.
  if (display.length === 0) return keyed;
  // Only the page's entities are folded for display.
  const rows = await fetchInOrder<Record<string, unknown>>(deps, entity, plan.projectId, keyed, display);
  return keyed.map((k, i) => ({ ...k, row: rows[i]! })).filter((k) => k.row !== undefined);
}

/** The distinct values of each key column, one parameter each (see `keysIn`). */
function bindKeys(params: Params, entity: Entity, tuples: readonly string[][]): string[] {
  return entity.keys.map((_, i) => params.name([...new Set(tuples.map((t) => t[i]!))]));
}

/** Folded display rows for keys, in the order of `rows` (undefined where an entity vanished meanwhile). */
async function fetchInOrder<T>(
  deps: Pick<Deps, "telemetry">,
  entity: Entity,
  projectId: string,
  rows: readonly KeyedRow[],
  display: Display,
): Promise<(T | undefined)[]> {
  if (rows.length === 0) return [];
  const params = new Params({ projectId });
  const names = bindKeys(
    params,
    entity,
    rows.map((r) => r.keys),
  );
  const keys = entity.keys.join(", ");
  const found = await deps.telemetry.query<Record<string, unknown>>(
    `SELECT ${keys}, ${selectDisplay(display)} FROM ${entity.table} WHERE project_id = {projectId:String} AND ${keysIn(entity.keys, names)} GROUP BY ${keys}`,
    params.values,
  );
  const byKey = new Map(found.map((r) => [entity.keys.map((k) => String(r[k])).join("\u0000"), r as T]));
  return rows.map((r) => byKey.get(r.keys.join("\u0000")));
}

/** `(keys) > (after)` (or `<=`) written so the primary index narrows it: the first key bounds the range, the rest break ties. */
function keysBeyond(entity: Entity, params: Params, after: readonly string[], cmp: ">" | "<="): string {
  const [first, ...rest] = entity.keys;
  const v = after.map((k) => params.bind("String", k));
  if (rest.length === 0) return `${first} ${cmp} ${v[0]}`;
  const outer = cmp === ">" ? ">=" : "<=";
  const strict = cmp === ">" ? ">" : "<";
  return `${first} ${outer} ${v[0]} AND (${first} ${strict} ${v[0]} OR (${rest.join(", ")}) ${cmp} (${v.slice(1).join(", ")}))`;
}

/**
 * One page of a key-order walk (docs/export.md, "Speed"): the raw rows after the cursor's key, up to the key
 * `plan.limit` raw rows ahead (read in the sort key's order, so only those granules are read), are folded
 * in one statement with the filters' exact conditions, in key order. Every raw row of an entity has its key,
 * so an entity is folded whole in the one range that holds its key: each entity is on exactly one page. A
 * page may hold fewer rows than the range (or none) when the filters are selective; the walk ends after the
 * range that reached the end of the table. The narrowing predicates are not used: they pay off on a search,
 * not when every range of the table is read anyway.
 */
async function keyRangePage<T>(
  deps: Pick<Deps, "telemetry">,
  plan: ListPlan,
  after: readonly string[] | null,
  display: Display,
): Promise<{ rows: T[]; nextCursor: string | null }> {
  const { sql, params, upTo } = await keyRange(deps, plan, after, display);
  const rows = await deps.telemetry.query<Record<string, unknown>>(sql, params.values);
  // Sorted here: an ORDER BY (or aggregating in order) doubled the statement's time on chDB, sorting 10,000 keys costs milliseconds.
  rows.sort(compareRowKeys(plan.entity.keys));
  return { rows: rows as T[], nextCursor: keyCursor(upTo) };
}

/**
 * One page of a key-order walk as text: the rows `listPage` returns for the same plan, each as the line
 * `lines` writes of it in `format`, in key order, each followed by a newline, as UTF-8 bytes. The store writes the
 * text; no row becomes an object, and the bytes are handed on as they came.
 *
 * @throws invalid_input when the cursor was made for another order.
 */
export async function listLines(
  deps: Pick<Deps, "telemetry">,
  plan: ListPlan,
  display: Display,
  lines: RowLines,
  format: LineFormat,
): Promise<{ lines: Uint8Array; nextCursor: string | null }> {
  if (plan.sort.column !== KEY_ORDER) throw new Error("listLines walks the key order only (KEY_SORT)");
  const cursor = plan.cursor ? decodeCursor(plan.cursor, CursorShape) : null;
  if (cursor && (cursor.o !== KEY_ORDER || cursor.k.length !== plan.entity.keys.length))
    throw invalid("Invalid cursor: it was made for another order");
  const { sql, params, upTo, rangeKeys } = await keyRange(deps, plan, cursor?.k ?? null, display);
  // Here the store sorts: the page arrives as text, and an ORDER BY over the folded rows measured no slower.
  const text = await deps.telemetry.queryLines(
    `SELECT ${lineOf(lines, format)} FROM (SELECT *, ${lines.derived} FROM (${sql}) AS folded ${lines.join?.(rangeKeys) ?? ""})
     ORDER BY ${plan.entity.keys.join(", ")}`,
    params.values,
  );
  return { lines: text, nextCursor: keyCursor(upTo) };
}

const keyCursor = (upTo: string[] | null) => (upTo ? encode({ o: KEY_ORDER, d: "asc", s: null, k: upTo }) : null);

/**
 * A key-order page's statement: the folded rows of the keys after `after` up to the key `plan.limit` raw rows
 * ahead (`upTo`, read first; null when the range reaches the end of the table), their keys and display columns
 * under their own names, the filters applied; and `rangeKeys`, a `SELECT` of the range's raw keys, filters not applied.
 */
async function keyRange(
  deps: Pick<Deps, "telemetry">,
  plan: ListPlan,
  after: readonly string[] | null,
  display: Display,
): Promise<{ sql: string; params: Params; upTo: string[] | null; rangeKeys: string }> {
  const { entity, filters } = plan;
  const params = plan.params.fork({ projectId: plan.projectId });
  const keys = entity.keys.join(", ");
  const from = after ? [keysBeyond(entity, params, after, ">")] : [];
  const span = Math.max(1, plan.limit);
  const [end] = await deps.telemetry.query<Record<string, string>>(
    `SELECT ${keys} FROM ${entity.table} WHERE ${["project_id = {projectId:String}", ...from].join(" AND ")}
     ORDER BY ${keys} LIMIT 1 OFFSET ${span - 1} SETTINGS optimize_read_in_order = 1`,
    params.values,
  );
  const upTo = end ? entity.keys.map((k) => String(end[k])) : null;
  const range = [...from, ...(upTo ? [keysBeyond(entity, params, upTo, "<=")] : [])];
  const folds = [...filters.columns].map((c) => `${entity.columns[c]!.fold} AS ${alias(c)}`);
  // The display columns come out under their own names, so each row is the page's row as it arrives (no copy per row).
  const sql = `SELECT ${keys}${display.map(([a]) => `, d_${a} AS ${a}`).join("")} FROM (
       SELECT ${keys}${folds.length ? `, ${folds.join(", ")}` : ""}${display.length ? `, ${selectDisplay(display, "d_")}` : ""}
       FROM ${entity.table} WHERE ${["project_id = {projectId:String}", ...range, ...filters.keyed].join(" AND ")} GROUP BY ${keys})
     ${filters.exact.length ? `WHERE ${filters.exact.join(" AND ")}` : ""}`;
  const rangeKeys = `SELECT ${keys} FROM ${entity.table} WHERE ${["project_id = {projectId:String}", ...range].join(" AND ")}`;
  return { sql, params, upTo, rangeKeys };
}

/**
 * Rows by their key columns. ClickHouse's order of String keys is byte order, which JS's code-unit order matches for
 * ASCII ids (the usual ones); for others the order within a page may differ, never the pages' ranges (those are cut
 * in SQL).
 */
const compareRowKeys =
  (keys: readonly string[]) =>
  (a: Record<string, unknown>, b: Record<string, unknown>): number => {
    for (const k of keys) {
      const x = String(a[k]);
      const y = String(b[k]);
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };
