import * as z from "zod";

/*
 * Langfuse's `filter` query parameter (docs/langfuse.md, "Langfuse's filter parameter"): a JSON array of
 * `{type, column, operator, value, key?}`, translated onto our list filters' conditions. What has no exact
 * counterpart (a column, a type or an operator) is refused with a 400 naming it, never dropped.
 */

/** A Langfuse column onto ours; `scale` multiplies the value (Langfuse's seconds onto our milliseconds). */
export interface FilterColumn {
  column: string;
  kind: "string" | "datetime" | "number" | "tags";
  scale?: number;
}

export interface Condition {
  column: string;
  operator: string;
  value: string | number | (string | number)[];
}

const Item = z.object({
  type: z.string(),
  column: z.string(),
  operator: z.string(),
  value: z.unknown().optional(),
  key: z.string().optional(),
});

/** Langfuse's operators per filter type that we translate, and the types each column kind takes. */
const OPERATORS: Record<string, readonly string[]> = {
  string: ["=", "contains"],
  datetime: [">", "<", ">=", "<="],
  number: ["=", ">", "<", ">=", "<="],
  stringOptions: ["any of", "none of"],
  arrayOptions: ["any of", "all of", "none of"],
};
const TYPES_OF_KIND: Record<FilterColumn["kind"], readonly string[]> = {
  string: ["string", "stringOptions"],
  datetime: ["datetime"],
  number: ["number"],
  tags: ["arrayOptions"],
};

/** The `filter` parameter of a list whose Langfuse columns are `columns`, as our conditions (ANDed with the others). */
export function langfuseFilter(columns: Record<string, FilterColumn>) {
  return z
    .string()
    .optional()
    .transform((text, ctx): Condition[] => {
      if (text === undefined || text === "") return [];
      const fail = (path: (string | number)[], message: string) => {
        ctx.addIssue({ code: "custom", path, message });
        return z.NEVER;
      };
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return fail([], "not valid JSON: expected an array of {type, column, operator, value}");
      }
      const items = z.array(Item).max(50).safeParse(parsed);
      if (!items.success) {
        const [first] = items.error.issues;
        return fail((first?.path ?? []) as (string | number)[], first?.message ?? "invalid");
      }
      const out: Condition[] = [];
      for (const [i, f] of items.data.entries()) {
        const def = Object.hasOwn(columns, f.column) ? columns[f.column] : undefined;
        if (!def)
          return fail(
            [i, "column"],
            `column '${f.column}' is not supported here; supported: ${Object.keys(columns).join(", ")}`,
          );
        if (!TYPES_OF_KIND[def.kind].includes(f.type))
          return fail(
            [i, "type"],
            `type '${f.type}' is not supported for column '${f.column}'; supported: ${TYPES_OF_KIND[def.kind].join(", ")}`,
          );
        const operators = OPERATORS[f.type] ?? [];
        if (!operators.includes(f.operator))
          return fail(
            [i, "operator"],
            `operator '${f.operator}' is not supported for ${f.type} filters; supported: ${operators.join(", ")}`,
          );
        const conditions = translate(def, f.type, f.operator, f.value);
        if (typeof conditions === "string") return fail([i, "value"], conditions);
        out.push(...conditions);
      }
      return out;
    });
}

/** One Langfuse condition as ours, or the reason its value is refused. */
function translate(def: FilterColumn, type: string, operator: string, value: unknown): Condition[] | string {
  const { column } = def;
  if (type === "stringOptions" || type === "arrayOptions") {
    if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === "string"))
      return `expected a non-empty array of strings for '${operator}'`;
    if (operator === "any of") return [{ column, operator: "in", value }];
    // "all of" (tags): each must be held; "none of": none may be.
    return value.map((v) => ({ column, operator: operator === "all of" ? "=" : "!=", value: v }));
  }
  if (type === "number") {
    if (typeof value !== "number" || !Number.isFinite(value)) return "expected a number";
    return [{ column, operator, value: value * (def.scale ?? 1) }];
  }
  if (typeof value !== "string") return type === "datetime" ? "expected an ISO-8601 date-time" : "expected a string";
  if (type === "datetime" && !(/^\d{4}-\d{2}-\d{2}/.test(value) && Number.isFinite(Date.parse(value))))
    return "expected an ISO-8601 date-time";
  return [{ column, operator, value }];
}

/** Langfuse's trace columns we filter on (its trace list documents more: they are refused by name). */
export const TRACE_FILTER_COLUMNS: Record<string, FilterColumn> = {
  id: { column: "id", kind: "string" },
  name: { column: "name", kind: "string" },
  timestamp: { column: "timestamp", kind: "datetime" },
  userId: { column: "userId", kind: "string" },
  sessionId: { column: "sessionId", kind: "string" },
  environment: { column: "environment", kind: "string" },
  version: { column: "version", kind: "string" },
  release: { column: "release", kind: "string" },
  tags: { column: "tags", kind: "tags" },
};

/** Langfuse's observation columns we filter on; latencies are in seconds there, milliseconds here. */
export const OBSERVATION_FILTER_COLUMNS: Record<string, FilterColumn> = {
  id: { column: "id", kind: "string" },
  type: { column: "type", kind: "string" },
  name: { column: "name", kind: "string" },
  traceId: { column: "traceId", kind: "string" },
  startTime: { column: "startTime", kind: "datetime" },
  endTime: { column: "endTime", kind: "datetime" },
  environment: { column: "environment", kind: "string" },
  level: { column: "level", kind: "string" },
  statusMessage: { column: "statusMessage", kind: "string" },
  version: { column: "version", kind: "string" },
  model: { column: "model", kind: "string" },
  promptName: { column: "promptName", kind: "string" },
  promptVersion: { column: "promptVersion", kind: "number" },
  latency: { column: "latency", kind: "number", scale: 1000 },
  timeToFirstToken: { column: "timeToFirstToken", kind: "number", scale: 1000 },
  inputTokens: { column: "inputTokens", kind: "number" },
  outputTokens: { column: "outputTokens", kind: "number" },
  totalTokens: { column: "totalTokens", kind: "number" },
  totalCost: { column: "cost", kind: "number" },
};
