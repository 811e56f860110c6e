import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileRegex, RegexSyntaxError } from "../../../core/evaluators/expression/regex";

const budget = () => ({ regexSteps: 10_000_000 });
const test = (pattern: string, subject: string) => compileRegex(pattern).test(subject, budget());

function refusal(pattern: string): string {
  try {
    compileRegex(pattern);
  } catch (error) {
    expect(error).toBeInstanceOf(RegexSyntaxError);
    return (error as Error).message;
  }
  throw new Error(`expected ${pattern} to be refused`);
}

describe("regex matcher", () => {
  it("supports literals, classes, escapes, anchors, groups, alternation and quantifiers", () => {
    expect(test("b", "abc")).toBe(true);
    expect(test("^abc$", "abc")).toBe(true);
    expect(test("^b", "abc")).toBe(false);
    expect(test("a.c", "abc")).toBe(true);
    expect(test("a.c", "a\nc")).toBe(false);
    expect(test("[a-c]{3}", "cab")).toBe(true);
    expect(test("[^a-c]", "cab")).toBe(false);
    expect(test("\\d+\\.\\d+", "v1.25")).toBe(true);
    expect(test("\\bcat\\b", "a cat sat")).toBe(true);
    expect(test("\\bcat\\b", "concatenate")).toBe(false);
    expect(test("\\Bcat", "concatenate")).toBe(true);
    expect(test("^(yes|no)$", "no")).toBe(true);
    expect(test("^(?:ab)+$", "ababab")).toBe(true);
    expect(test("^(?<word>\\w+)$", "hello")).toBe(true);
    expect(test("colou?r", "color")).toBe(true);
    expect(test("^a{2,3}$", "aaaa")).toBe(false);
    expect(test("^a{2,}$", "aaaa")).toBe(true);
    expect(test("a+?b", "aab")).toBe(true);
    expect(test("x{", "x{")).toBe(true);
    expect(test("[\\s\\S]", "\n")).toBe(true);
    expect(test("\\u00e9", "café")).toBe(true);
    expect(test("", "")).toBe(true);
  });

  it("refuses groups nested deeper than the parser depth limit", () => {
    expect(test(`${"(".repeat(64)}a${")".repeat(64)}`, "a")).toBe(true);
    expect(refusal(`${"(".repeat(100_000)}a${")".repeat(100_000)}`)).toBe("groups nest deeper than the limit of 64");
  });

  it("matches classes of thousands of ranges by binary search", () => {
    const ranges = Array.from({ length: 20_000 }, (_, k) => String.fromCharCode(0x4e00 + 2 * k)).join("");
    const started = performance.now();

    expect(test(`[${ranges}]`, "a".repeat(100_000) + String.fromCharCode(0x4e00 + 2 * 19_999))).toBe(true);
    expect(test(`[${ranges}]`, String.fromCharCode(0x4e01))).toBe(false);

    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("compiles huge counts of an empty group at once", () => {
    const started = performance.now();

    expect(test("^(?:(?:)(?:)){999999999}a{0}$", "")).toBe(true);
    expect(test("x(?:){99999999999999}y", "xy")).toBe(true);

    expect(performance.now() - started).toBeLessThan(100);
  });

  it("refuses nested repetition, which no linear-time matcher can run", () => {
    for (const pattern of ["(a+)+", "(a*)*", "(a+)*$", "((ab)*c)+", "(\\w+\\s?)*", "(a{2})+", "(?:x+y)+"]) {
      expect(refusal(pattern)).toBe("nested repetition is refused");
    }
    expect(test("(a?)+b", "aab")).toBe(true);
    expect(test("(a+)?b", "aab")).toBe(true);
  });

  it("refuses what a linear-time matcher cannot run, and malformed patterns", () => {
    expect(refusal("(a)\\1")).toBe("backreferences are not supported");
    expect(refusal("a(?=b)")).toBe("lookaround is not supported");
    expect(refusal("(?<!a)b")).toBe("lookaround is not supported");
    expect(refusal("\\p{L}")).toBe("unsupported escape \\p");
    expect(refusal("(")).toBe("unterminated group");
    expect(refusal(")")).toBe("unmatched )");
    expect(refusal("[a")).toBe("unterminated character class");
    expect(refusal("[z-a]")).toBe("range out of order in character class");
    expect(refusal("*a")).toBe("nothing to repeat");
    expect(refusal("a**")).toBe("nothing to repeat");
    expect(refusal("a{3,1}")).toBe("numbers out of order in {} quantifier");
  });

  it("runs patterns that take a backtracking engine exponential time in linear time", () => {
    const subject = `${"a".repeat(100_000)}!`;
    const started = performance.now();

    expect(test("(a|aa)*$", subject)).toBe(true);
    expect(test("(a|a)*b", subject)).toBe(false);
    expect(test("a*a*a*a*b", subject)).toBe(false);
    expect(test("^(\\w|\\w\\w)*$", subject)).toBe(false);

    expect(performance.now() - started).toBeLessThan(3000);
  });

  it("fails on random patterns only with a RegexSyntaxError, and runs what it accepts", () => {
    const soup = fc
      .array(
        fc.constantFrom(
          "(",
          ")",
          "(?:",
          "(?=",
          "[",
          "]",
          "^",
          "-",
          "\\",
          "{",
          "}",
          "{2,",
          "3}",
          ",",
          "*",
          "+",
          "?",
          "|",
          "a",
          ".",
          "\\d",
          "\\b",
          "$",
          "\\u00",
          "\\x4",
        ),
        { maxLength: 25 },
      )
      .map((p) => p.join(""));

    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 30 }), soup), fc.string({ maxLength: 50 }), (source, subject) => {
        try {
          compileRegex(source).test(subject, budget());
        } catch (error) {
          expect(error).toBeInstanceOf(RegexSyntaxError);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it("agrees with JavaScript's RegExp on the patterns it accepts", () => {
    const atom = fc.constantFrom("a", "b", ".", "\\d", "\\w", "\\s", "[ab]", "[^a]", "[a-c]", "\\.", "0", " ");
    const assertion = fc.constantFrom("\\b", "\\B", "^", "$");
    const quantifier = fc.constantFrom("", "", "*", "+", "?", "{2}", "{1,2}", "{0,}", "*?");
    const pattern: fc.Arbitrary<string> = fc.letrec<{ expr: string }>((tie) => ({
      expr: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.tuple(atom, quantifier).map(([a, q]) => a + q),
        assertion,
        fc.array(tie("expr"), { minLength: 1, maxLength: 4 }).map((parts) => parts.join("")),
        fc.tuple(tie("expr"), tie("expr")).map(([x, y]) => `(${x}|${y})`),
        fc.tuple(tie("expr"), quantifier).map(([x, q]) => `(?:${x})${q}`),
      ),
    })).expr;
    const subject = fc.stringMatching(/^[ab0. \n]{0,10}$/);

    fc.assert(
      fc.property(pattern, subject, (source, text) => {
        let compiled: ReturnType<typeof compileRegex>;
        try {
          compiled = compileRegex(source);
        } catch (error) {
          // Nested repetition is our own refusal; anything else we refuse, JavaScript refuses too.
          if (!(error instanceof RegexSyntaxError)) throw error;
          if (error.message !== "nested repetition is refused") expect(() => new RegExp(source)).toThrow(SyntaxError);
          return;
        }
        expect(compiled.test(text, budget())).toBe(new RegExp(source).test(text));
      }),
      { numRuns: 3000 },
    );
  });
});
