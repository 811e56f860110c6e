import { type Condition, compileFilters, Params, parseFilterParam, predicate } from "@core/reads/filters";
import type { ColumnDef, Entity } from "@core/telemetry";
import { describe, expect, it } from "vitest";

// The read filters (docs/reads.md): which operator each kind of column takes, how a value becomes a bound parameter,
// what a condition compiles to, and what is refused. One behaviour per test.

const STRING: ColumnDef = { fold: "max(name).2", raw: "name.2", kind: "string" };
const UPPER: ColumnDef = { fold: "max(type).2", raw: "type.2", kind: "string", upper: true };
const NUMBER: ColumnDef = { fold: "sum(cost)", raw: "cost", kind: "number" };
const TIME: ColumnDef = { fold: "min(timestamp)", raw: "timestamp", kind: "datetime" };
const TAGS: ColumnDef = { fold: "groupUniqArrayArray(tags)", raw: "tags", kind: "tags" };
const DEFAULTED: ColumnDef = { fold: "ifNull(max(env).2, 'default')", raw: "env.2", kind: "string", nullAs: "default" };
const FOLDED_ONLY: ColumnDef = { fold: "max(end) - min(start)", kind: "number" };
const ENTITY: Entity = {
  table: "traces",
  keys: ["id"],
  time: { column: "timestamp", name: "timestamp" },
  columns: {
    id: { fold: "id", raw: "id", kind: "string" },
    name: STRING,
    cost: NUMBER,
    env: DEFAULTED,
    latency: FOLDED_ONLY,
  },
};

const compileOne = (def: ColumnDef, op: Condition["operator"], value: Condition["value"]) => {
  const params = new Params();
  const { sql, nullMatches } = predicate(def, "col", "x", op, value, params);
  return { sql, nullMatches, values: params.values };
};

describe("which operators a column takes", () => {
  it.each([
    ["a number column", NUMBER, "contains"],
    ["a time column", TIME, "in"],
    ["a time column", TIME, "contains"],
    ["a tags column", TAGS, ">"],
    ["a tags column", TAGS, "<="],
  ] as const)("refuses on %s the operator '%s'", (_, def, op) => {
    expect(() => compileOne(def, op, "1")).toThrow(`Operator '${op}' is not supported for column 'col'`);
  });

  it.each(["=", "!=", ">", ">=", "<", "<=", "contains"] as const)(
    "takes on a string column the operator '%s'",
    (op) => {
      expect(() => compileOne(STRING, op, "a")).not.toThrow();
    },
  );
});

describe("how a condition compiles", () => {
  it.each([
    ["= binds its value", STRING, "=", "a", "x = {p0:String}", false],
    ["> on a number binds a Float64", NUMBER, ">", 2, "x > {p0:Float64}", false],
    ["!= also matches a missing value", STRING, "!=", "a", "(x IS NULL OR x != {p0:String})", true],
    ["contains is case-insensitive", STRING, "contains", "a", "positionCaseInsensitiveUTF8(x, {p0:String}) > 0", false],
    ["in binds one array", STRING, "in", ["a", "b"], "x IN {p0:Array(String)}", false],
    ["a tag = is membership", TAGS, "=", "a", "has(x, {p0:String})", false],
    ["a tag != is absence, missing tags included", TAGS, "!=", "a", "NOT has(x, {p0:String})", true],
    ["a tag in is any membership", TAGS, "in", ["a", "b"], "hasAny(x, {p0:Array(String)})", false],
  ] as const)("%s", (_, def, op, value, sql, nullMatches) => {
    expect(compileOne(def, op, value as Condition["value"])).toMatchObject({ sql, nullMatches });
  });
});

describe("how a value is read", () => {
  it.each([
    ["a numeric string on a number column", NUMBER, "2.5", 2.5],
    ["true on a number column", NUMBER, true, 1],
    ["false on a number column", NUMBER, false, 0],
    ["a number on a string column", STRING, 7, "7"],
    ["a boolean on a string column", STRING, true, "true"],
    ["a string on a case-insensitive column", UPPER, "span", "SPAN"],
  ] as const)("%s", (_, def, value, bound) => {
    expect(compileOne(def, "=", value).values).toEqual({ p0: bound });
  });

  it.each([
    ["a word on a number column", NUMBER, "many"],
    ["an empty string on a number column", NUMBER, " "],
    ["a word on a time column", TIME, "soon"],
    ["a number on a time column", TIME, 5],
  ] as const)("refuses %s", (_, def, value) => {
    expect(() => compileOne(def, "=", value)).toThrow(`Invalid filter value for 'col': ${JSON.stringify(value)}`);
  });

  it("refuses in with an empty array", () => {
    expect(() => compileOne(STRING, "in", [])).toThrow("Operator 'in' needs a non-empty array value for column 'col'");
  });

  it("refuses in with a single value", () => {
    expect(() => compileOne(STRING, "in", "a")).toThrow("Operator 'in' needs a non-empty array value for column 'col'");
  });

  it("refuses an array for any other operator", () => {
    expect(() => compileOne(STRING, "=", ["a"])).toThrow("Operator '=' needs a single value for column 'col'");
  });
});

describe("compileFilters", () => {
  const compile = (conditions: Condition[], scoreFilter?: (name: string) => string) =>
    compileFilters(ENTITY, conditions, new Params(), scoreFilter);

  it("tests a key column before folding", () => {
    expect(compile([{ column: "id", operator: "=", value: "t1" }])).toMatchObject({ keyed: ["id = {p0:String}"] });
  });

  it("tests an ordinary column on its folded alias and narrows the raw rows", () => {
    expect(compile([{ column: "name", operator: "=", value: "a" }])).toMatchObject({
      exact: ["c_name = {p0:String}"],
      narrow: ["name.2 = {p1:String}"],
    });
  });

  it("does not narrow raw rows where a missing value matches (!=)", () => {
    expect(compile([{ column: "name", operator: "!=", value: "a" }]).narrow).toEqual([]);
  });

  it("does not narrow raw rows where the column's default matches", () => {
    expect(compile([{ column: "env", operator: "=", value: "default" }]).narrow).toEqual([]);
  });

  it("narrows raw rows where the column's default does not match", () => {
    expect(compile([{ column: "env", operator: "=", value: "prod" }]).narrow).toEqual(["env.2 = {p1:String}"]);
  });

  it("cannot narrow a column no single raw row decides", () => {
    expect(compile([{ column: "latency", operator: ">", value: 1 }]).narrow).toEqual([]);
  });

  it("names the columns its exact predicates read", () => {
    const out = compile([
      { column: "name", operator: "=", value: "a" },
      { column: "cost", operator: ">", value: 1 },
    ]);
    expect([...out.columns]).toEqual(["name", "cost"]);
  });

  it("hands a scores.<name> column to the score filter", () => {
    const out = compile([{ column: "scores.accuracy", operator: ">", value: 0.5 }], (name) => `score ${name}`);
    expect(out.keyed).toEqual(["score accuracy"]);
  });

  it("refuses a scores.<name> column where scores cannot filter", () => {
    expect(() => compile([{ column: "scores.accuracy", operator: ">", value: 0.5 }])).toThrow(
      "Unknown filter column 'scores.accuracy'",
    );
  });

  it("refuses scores. without a name", () => {
    expect(() => compile([{ column: "scores.", operator: "=", value: 1 }], () => "")).toThrow(
      "Unknown filter column 'scores.'",
    );
  });

  it("refuses an unknown column, listing the allowed ones", () => {
    expect(() => compile([{ column: "secret", operator: "=", value: "x" }])).toThrow(
      "Unknown filter column 'secret'; allowed: id, name, cost, env, latency, scores.<name>",
    );
  });

  it("refuses a name inherited from Object.prototype", () => {
    expect(() => compile([{ column: "constructor", operator: "=", value: "x" }])).toThrow(
      "Unknown filter column 'constructor'",
    );
  });
});

describe("parseFilterParam", () => {
  it.each([undefined, ""])("reads %o as no conditions", (text) => {
    expect(parseFilterParam(text)).toEqual([]);
  });

  it("reads a JSON array of conditions", () => {
    expect(parseFilterParam('[{"column":"name","operator":"=","value":"a"}]')).toEqual([
      { column: "name", operator: "=", value: "a" },
    ]);
  });

  it("refuses text that is not JSON", () => {
    expect(() => parseFilterParam("[")).toThrow("Invalid query.filter: not valid JSON");
  });

  it("names the field of a bad condition", () => {
    expect(() => parseFilterParam('[{"column":"name","operator":"~","value":"a"}]')).toThrow(
      /^Invalid query\.filter\.0\.operator: /,
    );
  });

  it("refuses more than 50 conditions", () => {
    const many = JSON.stringify(Array.from({ length: 51 }, () => ({ column: "name", operator: "=", value: "a" })));
    expect(() => parseFilterParam(many)).toThrow(/^Invalid query\.filter: /);
  });
});
