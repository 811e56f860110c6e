import { describe, expect, it } from "vitest";
import {
  compileExpression,
  EXPRESSION_LIMITS,
  EXPRESSION_LIMITS_DESCRIPTION,
} from "../../../core/evaluators/expression";
import { AppError } from "../../../core/platform/errors";

function failure(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error("expected a failure");
}

describe("expression limits", () => {
  it("quotes every limit in the description meant for the OpenAPI document", () => {
    expect(EXPRESSION_LIMITS).toMatchObject({ parserDepth: 64, evaluatedNodes: 10_000, matchesSubjectChars: 100_000 });
    for (const limit of Object.values(EXPRESSION_LIMITS))
      expect(EXPRESSION_LIMITS_DESCRIPTION).toContain(String(limit));
  });

  it("stops an evaluation after 10,000 evaluated nodes, naming the limit", () => {
    // 2,000 terms of 2 nodes each plus the chain and the list: a little over 4,000 nodes per array.
    const big = `[${Array.from({ length: 2000 }, () => "-1").join(", ")}]`;
    const compiled = compileExpression(`len(${big}) + len(${big}) + len(${big})`);

    const error = failure(() => compiled.evaluate({}));

    expect(error.message).toBe("Expression exceeded the limit of 10000 evaluated nodes");
    expect(error.details).toMatchObject({ phase: "evaluate", limit: "evaluatedNodes" });
  });

  it("counts the nodes of each evaluation afresh", () => {
    const compiled = compileExpression(`len([${Array.from({ length: 3000 }, () => "1").join(", ")}])`);

    for (let i = 0; i < 5; i++) expect(compiled.evaluate({})).toBe(3000);
  });

  it("counts every step of a long member chain", () => {
    const chain = `output${".a".repeat(10_000)}`;
    let nested: unknown = 1;
    for (let i = 0; i < 10_000; i++) nested = { a: nested };
    const compiled = compileExpression(chain);

    expect(compiled.evaluate({ output: { b: 1 } })).toBe(null);
    expect(failure(() => compiled.evaluate({ output: nested })).message).toBe(
      "Expression exceeded the limit of 10000 evaluated nodes",
    );
  });

  it("refuses a matches subject over 100,000 characters, naming the limit", () => {
    const compiled = compileExpression('matches(output, "a")');

    expect(compiled.evaluate({ output: "b".repeat(100_000) })).toBe(false);
    const error = failure(() => compiled.evaluate({ output: "b".repeat(100_001) }));
    expect(error.message).toBe("matches() subject exceeds the limit of 100000 characters (got 100001) at position 1");
    expect(error.details).toMatchObject({ limit: "matchesSubjectChars" });
  });

  it("refuses a regex that compiles to more than the instruction limit", () => {
    const error = failure(() => compileExpression('matches(output, "(abcdefghij){200}")'));

    expect(error.message).toBe(
      `Invalid regular expression "(abcdefghij){200}" (pattern exceeds the limit of ${EXPRESSION_LIMITS.regexInstructions} matcher instructions) at position 17`,
    );
  });

  it("bounds the matcher work of one evaluation, however many matches calls it makes", () => {
    const call = 'matches(output, "a*a*a*a*a*a*a*a*c")';
    const compiled = compileExpression(Array.from({ length: 30 }, () => call).join(" or "));
    const started = performance.now();

    const error = failure(() => compiled.evaluate({ output: "a".repeat(100_000) }));

    expect(error.message).toMatch(
      /^matches\(\) exceeded the limit of 10000000 matcher steps per evaluation at position \d+$/,
    );
    // About 0.4 s on an idle core; the margin absorbs a loaded CI machine.
    expect(performance.now() - started).toBeLessThan(8000);
  });

  it("charges states that consume nothing, so assertion chains cannot dodge the matcher budget", () => {
    const call = `matches(output, ${JSON.stringify(`${"(?:\\b){0,1}".repeat(300)}c`)})`;
    const compiled = compileExpression(Array.from({ length: 50 }, () => call).join(" or "));

    expect(failure(() => compiled.evaluate({ output: "a ".repeat(50_000) })).details).toMatchObject({
      limit: "regexSteps",
    });
  });

  it("refuses string concatenation beyond the limit", () => {
    const compiled = compileExpression("output + output");

    expect((compiled.evaluate({ output: "x".repeat(500_000) }) as string).length).toBe(1_000_000);
    expect(failure(() => compiled.evaluate({ output: "x".repeat(500_001) })).message).toBe(
      `String concatenation exceeds the limit of ${EXPRESSION_LIMITS.concatenatedChars} characters at position 8`,
    );
  });
});
