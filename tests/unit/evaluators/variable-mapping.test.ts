import {
  codeVariables,
  defineEvaluator,
  type EvaluationTarget,
  EvaluatorFields,
  followPath,
  judgeVariables,
  resolveBinding,
} from "@core/evaluators";
import { describe, expect, it } from "vitest";

const target: EvaluationTarget = {
  traceId: "t",
  observationId: null,
  trace: {
    input: { messages: [{ role: "user", content: "hi" }] },
    output: '{"a": {"b": [10, 20]}}',
    metadata: { user: "u1" },
  },
  observation: null,
  observations: [
    { name: "search", input: { q: 1 }, output: { hits: [1, 2] }, metadata: null },
    { name: "search", input: { q: 2 }, output: { hits: [] }, metadata: null },
  ],
  expectedOutput: "exp",
  dataset: null,
  thread: null,
};
const binding = (source: string, jsonPath: string | null = null, observationName: string | null = null) => ({
  variable: "v",
  source: source as never,
  jsonPath,
  observationName,
});

describe("variable mapping", () => {
  it("follows dotted paths with numeric array segments, through JSON text, with or without a leading $.", () => {
    expect(followPath({ a: [{ b: 1 }] }, "a.0.b")).toBe(1);
    expect(followPath('{"a": [5]}', "$.a.0")).toBe(5);
    expect(followPath({ a: [1] }, "a.x")).toBeNull();
    expect(followPath({ a: 1 }, "a.b")).toBeNull();
    expect(followPath({}, "constructor")).toBeNull();
    expect(followPath({ a: "plain text" }, "a.0")).toBeNull();
  });

  it("resolves every source; the first observation of a name wins; what does not resolve is null", () => {
    expect(resolveBinding(target, binding("trace.input", "messages.0.content"))).toBe("hi");
    expect(resolveBinding(target, binding("trace.output", "a.b.1"))).toBe(20);
    expect(resolveBinding(target, binding("trace.metadata", "user"))).toBe("u1");
    expect(resolveBinding(target, binding("observation.output", "hits.1", "search"))).toBe(2);
    expect(resolveBinding(target, binding("observation.input", null, "absent"))).toBeNull();
    expect(resolveBinding(target, binding("observation.input"))).toBeNull();
    expect(resolveBinding(target, binding("dataset.expectedOutput"))).toBe("exp");
    expect(resolveBinding(target, binding("dataset.input"))).toBeNull();
    expect(resolveBinding(target, binding("dataset.metadata"))).toBeNull();
  });

  it("gives the judge the built-in binding for an empty mapping and exactly the mapped variables otherwise", () => {
    const empty = defineEvaluator(EvaluatorFields.parse({ prompt: "p", provider: "mock", model: "m" }));
    const mapped = defineEvaluator(
      EvaluatorFields.parse({
        prompt: "p",
        provider: "mock",
        model: "m",
        variableMapping: [{ variable: "user", source: "trace.metadata", jsonPath: "user" }],
      }),
    );

    expect(judgeVariables(empty, target)).toEqual({
      input: target.trace.input,
      output: target.trace.output,
      expectedOutput: "exp",
    });
    expect(judgeVariables(mapped, target)).toEqual({ user: "u1" });
  });

  it("gives code evaluators the mapped variables besides input, output, expected and metadata", () => {
    const code = defineEvaluator(
      EvaluatorFields.parse({
        kind: "CODE",
        expression: 'user == "u1"',
        variableMapping: [{ variable: "user", source: "trace.metadata", jsonPath: "user" }],
      }),
    );

    expect(codeVariables(code, target)).toEqual({
      user: "u1",
      input: target.trace.input,
      output: target.trace.output,
      expected: "exp",
      metadata: { user: "u1" },
    });
  });
});
