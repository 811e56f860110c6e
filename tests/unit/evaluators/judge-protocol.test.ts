import { aggregate, checkAnswer, type JudgeVote, judgeMessages } from "@core/evaluators";
import { describe, expect, it } from "vitest";

const numeric = { scoreDataType: "NUMERIC" as const, scoreCategories: [] };
const categorical = (categories: string[] = []) => ({
  scoreDataType: "CATEGORICAL" as const,
  scoreCategories: categories,
});
const boolean = { scoreDataType: "BOOLEAN" as const, scoreCategories: [] };

const vote = (over: Partial<JudgeVote>): JudgeVote => ({
  provider: "mock",
  model: "m",
  status: "ok",
  value: null,
  label: null,
  reasoning: "",
  rejected: [],
  attempts: 1,
  usage: { input: 0, output: 0 },
  costUsd: null,
  error: null,
  failure: null,
  ...over,
});

describe("judge answers", () => {
  it("reads NUMERIC {score, reasoning}, BOOLEAN {pass, reasoning} and CATEGORICAL {label, reasoning}", () => {
    expect(checkAnswer('{"score": 0.25, "reasoning": "meh"}', numeric)).toEqual({
      ok: true,
      verdict: { value: 0.25, label: null, reasoning: "meh" },
    });
    expect(checkAnswer('{"pass": false, "reasoning": "no"}', boolean)).toEqual({
      ok: true,
      verdict: { value: 0, label: null, reasoning: "no" },
    });
    expect(checkAnswer('{"label": "Good", "reasoning": "r"}', categorical())).toEqual({
      ok: true,
      verdict: { value: null, label: "Good", reasoning: "r" },
    });
  });

  it("tolerates one surrounding code fence and a missing reasoning, nothing else", () => {
    expect(checkAnswer('```json\n{"score": 1}\n```', numeric)).toMatchObject({
      ok: true,
      verdict: { value: 1, reasoning: "" },
    });
    expect(checkAnswer('Sure! {"score": 1}', numeric)).toMatchObject({ ok: false, offList: null });
    expect(checkAnswer("[1]", numeric)).toMatchObject({ ok: false, problem: "the answer is not a JSON object" });
  });

  it("refuses values outside the protocol without coercing them", () => {
    for (const text of ['{"score": 1.01}', '{"score": -0.1}', '{"score": "0.5"}', '{"score": null}'])
      expect(checkAnswer(text, numeric).ok, text).toBe(false);
    expect(checkAnswer('{"pass": "true"}', boolean).ok).toBe(false);
    expect(checkAnswer('{"pass": 1}', boolean).ok).toBe(false);
    expect(checkAnswer('{"label": ""}', categorical()).ok).toBe(false);
    expect(checkAnswer('{"score": 0.5, "reasoning": 3}', numeric)).toMatchObject({
      ok: false,
      problem: '"reasoning" must be a string, got 3',
    });
  });

  it("maps a label onto the listed category ignoring case and spaces, and rejects one off the list", () => {
    expect(checkAnswer('{"label": "  CORRECT "}', categorical(["correct", "wrong"]))).toMatchObject({
      ok: true,
      verdict: { label: "correct" },
    });
    expect(checkAnswer('{"label": "partly"}', categorical(["correct", "wrong"]))).toEqual({
      ok: false,
      problem: 'label "partly" is not one of the allowed labels: "correct", "wrong"',
      offList: "partly",
    });
  });
});

describe("judge messages", () => {
  it("substitutes {{name}} with strings as they are and other values as JSON, leaving unknown names as written", () => {
    const [system, user] = judgeMessages(
      { prompt: "Q: {{ q }} A: {{a}} N: {{n}} X: {{x}}", ...numeric },
      { q: "why?", a: { ok: true }, n: null },
    );

    expect(system!.role).toBe("system");
    expect(system!.content).toContain(
      '{"score": <a number from 0 to 1, where 1 is best>, "reasoning": "<a brief explanation>"}',
    );
    expect(user!.content).toBe('Q: why? A: {"ok":true} N: null X: {{x}}');
  });

  it("appends the variables the prompt does not reference, so the judge gets every mapped one", () => {
    const [, user] = judgeMessages({ prompt: "Rate it.", ...numeric }, { output: "x", context: ["a"], none: null });

    expect(user!.content).toBe('Rate it.\n\nVariables:\n{"output":"x","context":["a"]}');
  });

  it("names the allowed labels in the instruction", () => {
    expect(judgeMessages({ prompt: "p", ...categorical(["a", "b"]) }, {})[0]!.content).toContain(
      '{"label": <exactly one of "a", "b">',
    );
    expect(judgeMessages({ prompt: "p", ...boolean }, {})[0]!.content).toContain('{"pass": <true or false>');
  });
});

describe("jury aggregation", () => {
  it("takes the mean of the numeric votes that counted", () => {
    expect(
      aggregate(numeric, [vote({ value: 0.2 }), vote({ value: 0.6 }), vote({ status: "failed" })]).value,
    ).toBeCloseTo(0.4);
  });

  it("takes the boolean majority; a tie fails", () => {
    expect(aggregate(boolean, [vote({ value: 1 }), vote({ value: 1 }), vote({ value: 0 })]).value).toBe(1);
    expect(aggregate(boolean, [vote({ value: 1 }), vote({ value: 0 })]).value).toBe(0);
  });

  it("takes the categorical majority; a tie goes to the tied label listed first, or voted first without a list", () => {
    expect(
      aggregate(categorical(["a", "b", "c"]), [vote({ label: "c" }), vote({ label: "b" }), vote({ label: "c" })]).label,
    ).toBe("c");
    expect(aggregate(categorical(["a", "b", "c"]), [vote({ label: "c" }), vote({ label: "b" })]).label).toBe("b");
    expect(
      aggregate(categorical(), [vote({ label: "y" }), vote({ label: "x" }), vote({ status: "failed" })]).label,
    ).toBe("y");
  });
});
