import { compileFilters, Params, parseFilterParam } from "@core/reads/filters";
import { OBSERVATIONS, TRACES } from "@core/telemetry";
import { groupBySessionPath } from "@core/traces/get-session";
import { describe, expect, it } from "vitest";

describe("filters compile to parameterised SQL over a whitelist", () => {
  it("binds every user value as a parameter and never splices it", () => {
    const params = new Params();
    const evil = "x'); DROP TABLE observations; --";

    const out = compileFilters(
      OBSERVATIONS,
      [
        { column: "name", operator: "=", value: evil },
        { column: "cost", operator: ">", value: 0.5 },
      ],
      params,
    );

    expect(out.exact.join(" ")).not.toContain("DROP");
    expect(Object.values(params.values)).toEqual([evil, evil, 0.5, 0.5]);
    expect(out.exact).toEqual(["c_name = {p0:String}", "c_cost > {p2:Float64}"]);
    expect(out.narrow).toHaveLength(2);
  });

  it("narrows raw rows only where a NULL could not match", () => {
    const out = compileFilters(
      OBSERVATIONS,
      [
        { column: "name", operator: "!=", value: "a" },
        { column: "environment", operator: "=", value: "default" },
        { column: "environment", operator: "=", value: "prod" },
        { column: "latency", operator: ">", value: 3 },
        { column: "traceId", operator: "=", value: "t" },
      ],
      new Params(),
    );

    expect(out.narrow).toEqual(["environment.2 = {p4:String}"]);
    expect(out.keyed).toEqual(["trace_id = {p6:String}"]);
    expect([...out.columns].sort()).toEqual(["environment", "latency", "name"]);
  });

  it("refuses unknown columns, operators a column does not take and bad values", () => {
    const compile = (c: any) => () => compileFilters(TRACES, [c], new Params());

    expect(compile({ column: "secret", operator: "=", value: "x" })).toThrow("Unknown filter column 'secret'");
    expect(compile({ column: "tags", operator: ">", value: "x" })).toThrow(
      "Operator '>' is not supported for column 'tags'",
    );
    expect(compile({ column: "timestamp", operator: "=", value: "soon" })).toThrow(
      "Invalid filter value for 'timestamp'",
    );
    expect(compile({ column: "name", operator: "in", value: [] })).toThrow("Operator 'in' needs a non-empty array");
    expect(compile({ column: "scores.x", operator: "=", value: 1 })).toThrow("Unknown filter column 'scores.x'");
  });

  it("parses the filter parameter and names what is wrong", () => {
    expect(parseFilterParam(undefined)).toEqual([]);
    expect(parseFilterParam('[{"column":"name","operator":"in","value":["a","b"]}]')).toEqual([
      { column: "name", operator: "in", value: ["a", "b"] },
    ]);
    expect(() => parseFilterParam("{")).toThrow("Invalid query.filter: not valid JSON");
    expect(() => parseFilterParam('[{"column":"name","operator":"~","value":"a"}]')).toThrow(
      "Invalid query.filter.0.operator",
    );
  });
});

describe("sessionPath grouping", () => {
  const trace = (id: string, sessionPath: string | null, totalCost: number | null) =>
    ({ id, sessionPath, totalCost }) as any;

  it("nests traces by path segments and rolls counts and cost up", () => {
    const groups = groupBySessionPath([
      trace("1", "plan/search", 1),
      trace("2", "plan/search", null),
      trace("3", "plan", 2),
      trace("4", "answer/", 0.5),
      trace("5", null, 3),
    ]);

    expect(groups.map((g) => [g.path, g.traceCount, g.totalCost])).toEqual([
      ["plan", 3, 3],
      ["answer", 1, 0.5],
      [null, 1, 3],
    ]);
    expect(groups[0]!.traces.map((t) => t.id)).toEqual(["3"]);
    expect(groups[0]!.children.map((c) => [c.segment, c.path, c.traces.map((t) => t.id)])).toEqual([
      ["search", "plan/search", ["1", "2"]],
    ]);
  });
});
