import * as z from "zod";
import { invalid } from "../platform/errors";
import { type ColumnDef, chDateTime, type Entity } from "../telemetry";

export const OPERATORS = ["=", "!=", ">", ">=", "<", "<=", "in", "contains"] as const;
export type Operator = (typeof OPERATORS)[number];

const Scalar = z.union([z.string(), z.number(), z.boolean()]);
export const Condition = z.object({
  column: z.string().min(1),
  operator: z.enum(OPERATORS),
  value: z.union([Scalar, z.array(Scalar)]),
});
export type Condition = z.infer<typeof Condition>;

/**
 * The `filter` query parameter: a JSON array of `{column, operator, value}`.
 * @throws invalid_input when it is not valid JSON or not such an array.
 */
export function parseFilterParam(text: string | undefined): Condition[] {
  if (text === undefined || text === "") return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid("Invalid query.filter: not valid JSON");
  }
  const result = z.array(Condition).max(50).safeParse(parsed);
  if (!result.success) {
    const first = result.error.issues[0]!;
    throw invalid(
      `Invalid query.filter${first.path.length ? `.${first.path.join(".")}` : ""}: ${first.message}`,
      result.error.issues,
    );
  }
  return result.data;
}

/** Accumulates bound parameters; SQL only ever names them. */
export class Params {
  readonly values: Record<string, unknown>;
  private n = 0;
  constructor(initial: Record<string, unknown> = {}) {
    this.values = { ...initial };
  }
  /** `{pN:Type}` bound to `value`. */
  bind(type: string, value: unknown): string {
    const name = `p${this.n++}`;
    this.values[name] = value;
    return `{${name}:${type}}`;
  }
  /** A copy that keeps numbering after this one, plus `extra` values. */
  fork(extra: Record<string, unknown> = {}): Params {
    const copy = new Params({ ...this.values, ...extra });
    copy.n = this.n;
    return copy;
  }
  /** A fresh parameter name bound to `value`, for callers that write the placeholder. */
  name(value: unknown): string {
    const name = `p${this.n++}`;
    this.values[name] = value;
    return name;
  }
}

export interface CompiledFilters {
  /** Predicates on the folded aliases (`c_<column>`), exact. */
  exact: string[];
  /** Predicates on the raw rows that only narrow which entities to fold (supersets). */
  narrow: string[];
  /** Entity-level predicates on the keys (score pseudo-columns, key columns): exact and usable before folding. */
  keyed: string[];
  /** Logical columns the exact predicates read. */
  columns: Set<string>;
}

const OPS_BY_KIND: Record<ColumnDef["kind"], readonly Operator[]> = {
  string: ["=", "!=", "in", "contains", ">", ">=", "<", "<="],
  number: ["=", "!=", ">", ">=", "<", "<=", "in"],
  datetime: ["=", "!=", ">", ">=", "<", "<="],
  tags: ["=", "!=", "in", "contains"],
};

const TYPE_OF_KIND = { string: "String", number: "Float64", datetime: "DateTime64(3, 'UTC')", tags: "String" } as const;

function literal(def: ColumnDef, column: string, value: unknown): unknown {
  const fail = () => invalid(`Invalid filter value for '${column}': ${JSON.stringify(value)}`);
  switch (def.kind) {
    case "number":
      if (typeof value === "number" && Number.isFinite(value)) return value;
      if (typeof value === "boolean") return value ? 1 : 0;
      if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
      throw fail();
    case "datetime": {
      const t = typeof value === "string" ? chDateTime(value) : null;
      if (t === null) throw fail();
      return t;
    }
    default:
      if (typeof value !== "string") {
        if (typeof value === "number" || typeof value === "boolean") return String(value);
        throw fail();
      }
      return def.upper ? value.toUpperCase() : value;
  }
}

/** The SQL predicate `expr op value`, with parameters bound; `nullMatches` tells whether a NULL expr satisfies it. */
export function predicate(
  def: ColumnDef,
  column: string,
  expr: string,
  op: Operator,
  value: Condition["value"],
  params: Params,
): { sql: string; nullMatches: boolean } {
  if (!OPS_BY_KIND[def.kind].includes(op)) throw invalid(`Operator '${op}' is not supported for column '${column}'`);
  const type = TYPE_OF_KIND[def.kind];
  if (op === "in") {
    if (!Array.isArray(value) || value.length === 0)
      throw invalid(`Operator 'in' needs a non-empty array value for column '${column}'`);
    const values = value.map((v) => literal(def, column, v));
    if (def.kind === "tags")
      return { sql: `hasAny(${expr}, ${params.bind("Array(String)", values)})`, nullMatches: false };
    return { sql: `${expr} IN ${params.bind(`Array(${type})`, values)}`, nullMatches: false };
  }
  if (Array.isArray(value)) throw invalid(`Operator '${op}' needs a single value for column '${column}'`);
  const v = literal(def, column, value);
  if (def.kind === "tags") {
    const has = `has(${expr}, ${params.bind("String", v)})`;
    return op === "!=" ? { sql: `NOT ${has}`, nullMatches: true } : { sql: has, nullMatches: false };
  }
  if (op === "contains")
    return { sql: `positionCaseInsensitiveUTF8(${expr}, ${params.bind("String", v)}) > 0`, nullMatches: false };
  // "not equal" includes entities that have no value at all, as a user reading the list would expect.
  if (op === "!=") return { sql: `(${expr} IS NULL OR ${expr} != ${params.bind(type, v)})`, nullMatches: true };
  return { sql: `${expr} ${op} ${params.bind(type, v)}`, nullMatches: false };
}

/** Does the default a NULL folds to satisfy the condition? Then raw rows cannot narrow it. */
function defaultMatches(def: ColumnDef, op: Operator, value: Condition["value"]): boolean {
  if (def.nullAs === undefined) return false;
  const d = def.nullAs;
  const values = (Array.isArray(value) ? value : [value]).map((x) => (def.upper ? String(x).toUpperCase() : String(x)));
  switch (op) {
    case "=":
      return values[0] === d;
    case "!=":
      return values[0] !== d;
    case "in":
      return values.includes(d);
    case "contains":
      return d.toLowerCase().includes(values[0]!.toLowerCase());
    default:
      return true;
  }
}

export const alias = (column: string) => `c_${column}`;

/** Simple query parameters as conditions, so they share the filter path. */
export function simpleConditions(
  q: Partial<Record<string, unknown>>,
  map: Record<string, [string, Operator]>,
): Condition[] {
  return Object.entries(map)
    .filter(([param]) => q[param] !== undefined)
    .map(([param, [column, operator]]) => ({ column, operator, value: q[param] as Condition["value"] }));
}

/**
 * Compiles conditions on an entity's whitelisted columns. `scores.<name>` columns
 * are handed to `scoreFilter`, which returns an entity-level predicate.
 *
 * @throws invalid_input for an unknown column, an operator the column does not take, or a bad value.
 */
export function compileFilters(
  entity: Entity,
  conditions: readonly Condition[],
  params: Params,
  scoreFilter?: (name: string, op: Operator, value: Condition["value"]) => string,
): CompiledFilters {
  const out: CompiledFilters = { exact: [], narrow: [], keyed: [], columns: new Set() };
  for (const c of conditions) {
    if (c.column.startsWith("scores.")) {
      const name = c.column.slice("scores.".length);
      if (!scoreFilter || name === "") throw invalid(`Unknown filter column '${c.column}'`);
      out.keyed.push(scoreFilter(name, c.operator, c.value));
      continue;
    }
    const def = Object.hasOwn(entity.columns, c.column) ? entity.columns[c.column]! : undefined;
    if (!def)
      throw invalid(
        `Unknown filter column '${c.column}'; allowed: ${[...Object.keys(entity.columns), "scores.<name>"].join(", ")}`,
      );
    if (entity.keys.includes(def.fold)) {
      // Key columns are the same on every raw row: exact before folding, and they use the primary index.
      out.keyed.push(predicate(def, c.column, def.fold, c.operator, c.value, params).sql);
      continue;
    }
    out.exact.push(predicate(def, c.column, alias(c.column), c.operator, c.value, params).sql);
    out.columns.add(c.column);
    if (def.raw && !defaultMatches(def, c.operator, c.value)) {
      const raw = predicate(def, c.column, def.raw, c.operator, c.value, params);
      if (!raw.nullMatches) out.narrow.push(raw.sql);
    }
  }
  return out;
}
