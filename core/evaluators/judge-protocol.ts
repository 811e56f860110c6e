import type { LlmMessage } from "../platform/ports";
import type { EvaluatorDefinition } from "./evaluators.schema";

/** The strict JSON a judge answers with, by `scoreDataType` (docs/evaluators.md, "Judge protocol"). */
export type Verdict = { value: number | null; label: string | null; reasoning: string };
export type AnswerCheck = { ok: true; verdict: Verdict } | { ok: false; problem: string; offList: string | null };

type Protocol = Pick<EvaluatorDefinition, "scoreDataType" | "scoreCategories">;

const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;
/** A bound on each substituted variable, so a huge trace body cannot blow the judge's context on its own. */
export const MAX_VARIABLE_CHARS = 200_000;

const render = (value: unknown): string => {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "null");
  return text.length > MAX_VARIABLE_CHARS ? `${text.slice(0, MAX_VARIABLE_CHARS)}…[truncated]` : text;
};

const listed = (labels: readonly string[]) => labels.map((l) => JSON.stringify(l)).join(", ");

function answerForm(p: Protocol): string {
  if (p.scoreDataType === "BOOLEAN") return '{"pass": <true or false>, "reasoning": "<a brief explanation>"}';
  if (p.scoreDataType === "CATEGORICAL") {
    return p.scoreCategories.length > 0
      ? `{"label": <exactly one of ${listed(p.scoreCategories)}>, "reasoning": "<a brief explanation>"}`
      : '{"label": "<a short label>", "reasoning": "<a brief explanation>"}';
  }
  return '{"score": <a number from 0 to 1, where 1 is best>, "reasoning": "<a brief explanation>"}';
}

/** JSON Schema of the answer: OpenAI gets JSON mode, the mock fills the schema. */
export function answerSchema(p: Protocol): Record<string, unknown> {
  const verdict =
    p.scoreDataType === "BOOLEAN"
      ? { pass: { type: "boolean" } }
      : p.scoreDataType === "CATEGORICAL"
        ? {
            label: p.scoreCategories.length > 0 ? { type: "string", enum: [...p.scoreCategories] } : { type: "string" },
          }
        : { score: { type: "number", minimum: 0, maximum: 1 } };
  return {
    type: "object",
    properties: { ...verdict, reasoning: { type: "string" } },
    required: [...Object.keys(verdict), "reasoning"],
    additionalProperties: false,
  };
}

/**
 * The judge's messages: the instruction for strict JSON, then the prompt with `{{name}}` substituted by the
 * variables (strings as they are, other values as JSON). Variables the prompt does not reference (and that are not null)
 * follow it as one JSON object, so the judge receives exactly the mapped variables (docs/evaluators.md, "Variable mapping"). Unknown `{{name}}`s
 * stay as written, as in prompt compile.
 */
export function judgeMessages(
  definition: Pick<EvaluatorDefinition, "prompt" | "scoreDataType" | "scoreCategories">,
  variables: Record<string, unknown>,
): LlmMessage[] {
  const referenced = new Set<string>();
  const prompt = (definition.prompt ?? "").replace(VARIABLE, (written, name: string) => {
    if (!Object.hasOwn(variables, name)) return written;
    referenced.add(name);
    return render(variables[name]);
  });
  // Unreferenced variables that hold nothing (null) would only add noise.
  const rest = Object.keys(variables).filter(
    (n) => !referenced.has(n) && variables[n] !== null && variables[n] !== undefined,
  );
  const payload =
    rest.length > 0 ? `\n\nVariables:\n${render(Object.fromEntries(rest.map((n) => [n, variables[n]])))}` : "";
  const system = [
    "You are an evaluator. Judge the data in the user's message by the criteria it states.",
    "Answer with a single JSON object and nothing else (no prose, no code fence), of exactly this form:",
    answerForm(definition),
  ].join("\n");
  return [
    { role: "system", content: system },
    { role: "user", content: prompt + payload },
  ];
}

/** The follow-up after an unusable answer: the one retry (docs/evaluators.md, "Judge protocol"). */
export const correction = (definition: Protocol, problem: string): LlmMessage => ({
  role: "user",
  content: `Your answer was rejected: ${problem}. Answer again with only the JSON object, of exactly this form:\n${answerForm(definition)}`,
});

const FENCE = /^```(?:json)?\s*([\s\S]*?)\s*```$/i;
const preview = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
};

/**
 * Checks an answer against the protocol. One JSON object is required; a single surrounding code fence is
 * tolerated. A categorical label matches a listed category ignoring case and surrounding spaces and is
 * recorded as listed; any other label is off the list and rejected, never recorded.
 */
export function checkAnswer(text: string, p: Protocol): AnswerCheck {
  const trimmed = text.trim();
  const body = FENCE.exec(trimmed)?.[1] ?? trimmed;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { ok: false, problem: `the answer is not valid JSON (${preview(trimmed.slice(0, 80))})`, offList: null };
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
    return { ok: false, problem: "the answer is not a JSON object", offList: null };
  const answer = parsed as Record<string, unknown>;
  const reasoning = answer.reasoning ?? "";
  if (typeof reasoning !== "string")
    return { ok: false, problem: `"reasoning" must be a string, got ${preview(reasoning)}`, offList: null };

  if (p.scoreDataType === "NUMERIC") {
    const score = answer.score;
    if (typeof score !== "number" || !Number.isFinite(score) || score < 0 || score > 1)
      return { ok: false, problem: `"score" must be a number from 0 to 1, got ${preview(score)}`, offList: null };
    return { ok: true, verdict: { value: score, label: null, reasoning } };
  }
  if (p.scoreDataType === "BOOLEAN") {
    if (typeof answer.pass !== "boolean")
      return { ok: false, problem: `"pass" must be true or false, got ${preview(answer.pass)}`, offList: null };
    return { ok: true, verdict: { value: answer.pass ? 1 : 0, label: null, reasoning } };
  }
  const label = answer.label;
  if (typeof label !== "string" || label.trim() === "")
    return { ok: false, problem: `"label" must be a non-empty string, got ${preview(label)}`, offList: null };
  if (p.scoreCategories.length === 0) return { ok: true, verdict: { value: null, label: label.trim(), reasoning } };
  const wanted = label.trim().toLowerCase();
  const category = p.scoreCategories.find((c) => c.trim().toLowerCase() === wanted);
  if (category === undefined)
    return {
      ok: false,
      problem: `label ${preview(label)} is not one of the allowed labels: ${listed(p.scoreCategories)}`,
      offList: label,
    };
  return { ok: true, verdict: { value: null, label: category, reasoning } };
}
