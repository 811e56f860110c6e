import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { type CompiledExpression, compileExpression, EXPRESSION_LIMITS } from "../../../core/evaluators/expression";
import { AppError } from "../../../core/platform/errors";

// Property-based checks with hostile inputs. Every failure must be an AppError: anything else would be a 500.

const PROTOTYPE_NAMES = [
  "__proto__",
  "constructor",
  "prototype",
  "hasOwnProperty",
  "toString",
  "valueOf",
  "__defineGetter__",
  "__lookupGetter__",
  "isPrototypeOf",
  "call",
  "apply",
  "bind",
  "name",
  "caller",
  "arguments",
];
const REFUSED = new Set(["__proto__", "constructor", "prototype"]);
const prototypeSnapshot = () =>
  [Object.prototype, Array.prototype, String.prototype, Function.prototype].map((p) =>
    Object.getOwnPropertyNames(p).sort().join(),
  );
const before = prototypeSnapshot();

type Outcome = { ok: true; value: unknown } | { ok: false; error: AppError };

function attempt(run: () => unknown): Outcome {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ok: false, error };
  }
}

function compileAndRun(source: string, vars: Record<string, unknown>): Outcome {
  const compiled = attempt(() => compileExpression(source));
  if (!compiled.ok) return compiled;
  return attempt(() => (compiled.value as CompiledExpression).evaluate(vars));
}

// JSON data including keys that look like prototype machinery, as JSON.parse makes them: own and inert.
const hostileJson = fc
  .jsonValue({ maxDepth: 4 })
  .chain((base) =>
    fc
      .constantFrom(...PROTOTYPE_NAMES)
      .map(
        (key) =>
          JSON.parse(
            JSON.stringify({ data: base, nested: { [key]: base }, list: [base] }).replace(
              '"nested":{"',
              `"nested":{"${key}":1,"`,
            ),
          ) as unknown,
      ),
  );

describe("hostile expressions", () => {
  afterAll(() => {
    expect(prototypeSnapshot()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("never reaches prototypes: such paths read null or are refused, and nothing is mutated", () => {
    const step = fc.tuple(
      fc.constantFrom(...PROTOTYPE_NAMES, "length", "0", "data"),
      fc.constantFrom("dot", "bracket", "computed"),
    );
    const root = fc.constantFrom(
      "input",
      "output",
      "expected",
      "metadata",
      "missing",
      '"text"',
      "[1, 2]",
      "{a: 1}",
      "jsonParse(output)",
      "5",
    );

    fc.assert(
      fc.property(root, fc.array(step, { minLength: 1, maxLength: 6 }), hostileJson, (base, steps, data) => {
        const source =
          base +
          steps
            .map(([name, how], i) =>
              how === "dot" && !/^\d/.test(name)
                ? `.${name}`
                : how === "computed"
                  ? `[k${i}]`
                  : `[${JSON.stringify(name)}]`,
            )
            .join("");
        const vars: Record<string, unknown> = {
          input: data,
          output: JSON.stringify(data),
          expected: [data],
          metadata: { data },
        };
        for (const [i, [name]] of steps.entries()) vars[`k${i}`] = name;
        const frozen = JSON.stringify(vars);

        const outcome = compileAndRun(source, vars);

        expect(JSON.stringify(vars)).toBe(frozen);
        if (steps.some(([name]) => REFUSED.has(name))) {
          // Refused unless an earlier step already read null, which ends the chain.
          if (!outcome.ok)
            expect(outcome.error.message).toMatch(/Property name "(__proto__|constructor|prototype)" is refused/);
          else expect(outcome.value).toBe(null);
          return;
        }
        expect(outcome.ok).toBe(true);
        const value = outcome.ok ? outcome.value : undefined;
        expect(typeof value).not.toBe("function");
        for (const proto of [Object.prototype, Array.prototype, String.prototype, Function.prototype])
          expect(value).not.toBe(proto);
        if (!steps.some(([name]) => name === "length" || name === "0" || name === "data")) expect(value).toBe(null);
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses nested repetition and keeps other patterns bounded on long subjects", () => {
    const atom = fc.constantFrom("a", "\\w", ".", "[a-z]", "(a|aa)", "(a|a)", "\\s?a");
    const nested = fc
      .tuple(
        atom,
        fc.constantFrom("+", "*", "{2,}"),
        fc.constantFrom("+", "*", "{1,5}"),
        fc.constantFrom("", "$", "b", "!"),
      )
      .map(([a, inner, outer, tail]) => `(${a}${inner})${outer}${tail}`);
    const flat = fc
      .array(fc.tuple(atom, fc.constantFrom("*", "+", "?", "{0,3}")), { minLength: 1, maxLength: 8 })
      .map((parts) => `${parts.map(([a, q]) => a + q).join("")}!`);
    const subject = fc.integer({ min: 1_000, max: EXPRESSION_LIMITS.matchesSubjectChars }).map((n) => "a".repeat(n));

    fc.assert(
      fc.property(nested, (pattern) => {
        const outcome = compileAndRun(`matches(output, ${JSON.stringify(pattern)})`, { output: "a" });

        expect(outcome.ok).toBe(false);
        expect(!outcome.ok && outcome.error.message).toContain("nested repetition is refused");
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(flat, subject, (pattern, output) => {
        const started = performance.now();

        const outcome = compileAndRun(`matches(output, ${JSON.stringify(pattern)})`, { output });

        if (!outcome.ok) expect(outcome.error.message).toMatch(/limit of \d+ matcher (steps|instructions)/);
        expect(performance.now() - started).toBeLessThan(5000);
      }),
      { numRuns: 10 },
    );
  });

  it("reports deep nesting of any construct as the parser depth limit, never a stack overflow", () => {
    const wrapper = fc.constantFrom(
      (x: string) => `(${x})`,
      (x: string) => `-${x}`,
      (x: string) => `not ${x}`,
      (x: string) => `[${x}]`,
      (x: string) => `{k: ${x}}`,
      (x: string) => `abs(${x})`,
      (x: string) => `coalesce(null, ${x})`,
      (x: string) => `output[${x}]`,
      (x: string) => `true ? ${x} : 0`,
      (x: string) => `${x} == 1`,
      (x: string) => `1 + ${x} * 2`,
    );

    fc.assert(
      fc.property(fc.array(wrapper, { minLength: 1, maxLength: 400 }), (wrappers) => {
        const source = wrappers.reduce((inner, wrap) => wrap(inner), "1");

        const outcome = compileAndRun(source, { output: [1, 2] });

        if (!outcome.ok) expect(outcome.error.message).toMatch(/parser depth limit of 64|needs|expects|must|index/i);
        if (wrappers.length > 2 * EXPRESSION_LIMITS.parserDepth) expect(outcome.ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it("handles huge subjects in every string function without other failures", () => {
    const fn = fc.constantFrom(
      'contains(output, "zz")',
      "lower(output) == output",
      "len(upper(output))",
      "words(output)",
      "trim(output).length",
      "jsonValid(output)",
      "jsonParse(output) == null",
      'startsWith(output, "a")',
      'matches(output, "z$")',
      "isEmpty(output)",
      "exactMatch(output, expected)",
      "len(output + expected)",
    );
    const huge = fc
      .tuple(fc.string({ maxLength: 8 }), fc.integer({ min: 10_000, max: 400_000 }))
      .map(([s, n]) => (s || "x").repeat(Math.ceil(n / (s.length || 1))));

    fc.assert(
      fc.property(fn, huge, (source, output) => {
        const outcome = compileAndRun(source, { output, expected: output });

        if (!outcome.ok) expect(outcome.error.message).toMatch(/exceeds the limit of \d+ characters/);
      }),
      { numRuns: 60 },
    );
  });

  it("handles member chains of any length up to and past 10,000 steps", () => {
    const chain = fc.tuple(
      fc.integer({ min: 1, max: 12_000 }),
      fc.constantFrom(".a", "[0]", '["a"]', ".length", "[i]"),
    );

    fc.assert(
      fc.property(chain, fc.boolean(), ([length, step], deep) => {
        let data: unknown = "end";
        if (deep) for (let i = 0; i < length; i++) data = { a: data, 0: data, length: 1 };

        const outcome = compileAndRun(`output${step.repeat(length)}`, { output: data, i: "a" });

        if (!outcome.ok)
          expect(outcome.error.message).toBe(
            `Expression exceeded the limit of ${EXPRESSION_LIMITS.evaluatedNodes} evaluated nodes`,
          );
      }),
      { numRuns: 60 },
    );
  });

  it("fails random sources only with an AppError", () => {
    const tokens = [
      "(",
      ")",
      "[",
      "]",
      "{",
      "}",
      ",",
      ".",
      ":",
      "?",
      "!",
      "-",
      "+",
      "*",
      "/",
      "%",
      "==",
      "!=",
      "<",
      ">=",
      "&&",
      "||",
      "and",
      "or",
      "not",
      "true",
      "null",
      "0",
      "1.5",
      '"s"',
      "'t'",
      "output",
      "input",
      "__proto__",
      "constructor",
      "length",
      "contains",
      "matches",
      "jsonParse",
      "coalesce",
      "min",
      "round",
      '"(a+)+"',
      '"\\\\d+"',
    ];
    const soup = fc.array(fc.constantFrom(...tokens), { maxLength: 30 }).map((parts) => parts.join(" "));
    const source = fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: "binary", maxLength: 60 }), soup);

    fc.assert(
      fc.property(source, hostileJson, (text, data) => {
        compileAndRun(text, { input: data, output: data, expected: null, metadata: data });
      }),
      { numRuns: 3000 },
    );
  });
});
