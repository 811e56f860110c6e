import { describe, expect, it } from "vitest";
import { compileExpression, EXPRESSION_PRESETS, runExpression } from "../../../core/evaluators/expression";

// One item per preset where it should pass and one where it should fail.
const EXAMPLES: Record<string, { pass: Record<string, unknown>; fail: Record<string, unknown> }> = {
  "regex-match": { pass: { output: "Due 2024-05-01." }, fail: { output: "Due soon." } },
  "json-valid": { pass: { output: '{"a": 1}' }, fail: { output: "{a: 1}" } },
  "json-has-keys": { pass: { output: '{"answer": "x", "sources": []}' }, fail: { output: '{"answer": "x"}' } },
  "json-field-equals": {
    pass: { output: '{"answer": "Paris"}', expected: "Paris" },
    fail: { output: '{"answer": "Rome"}', expected: "Paris" },
  },
  "length-within-range": { pass: { output: "Paris" }, fail: { output: "" } },
  "exact-match": { pass: { output: { a: [1] }, expected: { a: [1] } }, fail: { output: "Paris.", expected: "Paris" } },
  "exact-match-normalized": {
    pass: { output: " PARIS ", expected: "paris" },
    fail: { output: "Paris.", expected: "Paris" },
  },
  "contains-expected": {
    pass: { output: "It is PARIS.", expected: "Paris" },
    fail: { output: "It is Rome.", expected: "Paris" },
  },
  "numeric-range": { pass: { output: "42" }, fail: { output: "420" } },
  "numeric-closeness": { pass: { output: "42", expected: 42 }, fail: { output: "forty", expected: 42 } },
  "not-empty": { pass: { output: "x" }, fail: { output: "" } },
  "starts-with": { pass: { output: "Answer: 4" }, fail: { output: "4" } },
  "ends-with": { pass: { output: "Done." }, fail: { output: "Done" } },
  "word-count": { pass: { output: "one two three four five" }, fail: { output: "one two" } },
  "no-refusal": { pass: { output: "Paris is the capital." }, fail: { output: "I'm sorry, I can't help." } },
  "keyword-coverage": { pass: { output: "Price and delivery are listed." }, fail: { output: "Nothing relevant." } },
};

describe("expression presets", () => {
  it("have unique ids and an example for each", () => {
    const ids = EXPRESSION_PRESETS.map((p) => p.id);

    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(Object.keys(EXAMPLES).sort());
  });

  it.each(EXPRESSION_PRESETS.map((p) => [p.id, p] as const))(
    "%s compiles and scores its example items",
    (id, preset) => {
      const compiled = compileExpression(preset.expression);
      const example = EXAMPLES[id]!;

      const pass = runExpression(compiled, example.pass);
      const fail = runExpression(compiled, example.fail);

      expect(pass).toMatchObject({ valid: true, error: null });
      expect(pass.value === true || pass.value === 1).toBe(true);
      expect(fail).toMatchObject({ valid: true, error: null });
      expect(fail.value === false || fail.value === 0).toBe(true);
    },
  );
});
