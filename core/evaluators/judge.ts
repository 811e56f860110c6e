import { AppError, unprocessable } from "../platform/errors";
import { safeExcerpt } from "../platform/excerpt";
import {
  LlmCallError,
  type LlmCredentials,
  type LlmMessage,
  type LlmProviderName,
  type LlmProviders,
} from "../platform/ports";
import * as Pricing from "../pricing";
import { panelOf } from "./define-evaluator";
import type { EvaluatorDefinition, Juror } from "./evaluators.schema";
import { answerSchema, checkAnswer, correction, judgeMessages } from "./judge-protocol";

/** One juror's vote, kept with the score (metadata `judge.votes`) whether it counted or not. */
export interface JudgeVote {
  provider: LlmProviderName;
  model: string;
  status: "ok" | "failed";
  value: number | null;
  label: string | null;
  reasoning: string | null;
  /** Answers refused by the protocol (malformed, off the list) before the one that counted. */
  rejected: { problem: string; answer: string }[];
  attempts: number;
  usage: { input: number; output: number };
  /** USD from the model price registry (project prices first); null when the model has no price. */
  costUsd: number | null;
  error: string | null;
  /** Why a failed vote failed: the provider could not be reached (transient), refused, or answered unusably. */
  failure: "transient" | "refused" | "unusable" | null;
}

export interface Judgement {
  value: number | null;
  label: string | null;
  comment: string;
  votes: JudgeVote[];
  usage: { input: number; output: number; total: number };
  costUsd: number | null;
}

/** One provider call a juror made, kept for the record of the platform's own model calls (docs/evaluators.md, "Judge calls"). */
export interface JudgeCall {
  provider: LlmProviderName;
  model: string;
  messages: LlmMessage[];
  text: string | null;
  usage: { input: number; output: number };
  costUsd: number | null;
  startTime: Date;
  endTime: Date;
  error: string | null;
}

export interface JudgeRequest {
  definition: EvaluatorDefinition;
  variables: Record<string, unknown>;
  credentials: ReadonlyMap<LlmProviderName, LlmCredentials>;
  /** Project price entries, which win over the built-in registry. */
  prices: readonly Pricing.PriceEntry[];
  /** Hears of every provider call, answered or failed. */
  record?: { now(): Date; call(call: JudgeCall): void };
}

/** Attempts per juror: the first and one retry after an unusable answer (docs/evaluators.md, "Judge protocol"). */
const MAX_ANSWERS = 2;
const ANSWER_PREVIEW = 500;

function priced(
  model: string,
  usage: { input: number; output: number },
  prices: readonly Pricing.PriceEntry[],
): number | null {
  const match = Pricing.matchPrice(model, prices);
  return match ? Pricing.computeCost({ input: usage.input, output: usage.output }, match.entry).totalCost : null;
}

async function vote(
  llm: LlmProviders,
  juror: Juror,
  request: JudgeRequest,
  messages: LlmMessage[],
): Promise<JudgeVote> {
  const { definition } = request;
  const cast: JudgeVote = {
    provider: juror.provider,
    model: juror.model,
    status: "failed",
    value: null,
    label: null,
    reasoning: null,
    rejected: [],
    attempts: 0,
    usage: { input: 0, output: 0 },
    costUsd: null,
    error: null,
    failure: null,
  };
  const credentials = request.credentials.get(juror.provider) ?? null;
  if (juror.provider !== "mock" && !credentials) {
    return {
      ...cast,
      error: `No credentials for provider "${juror.provider}" in this project: PUT /v1/providers/${juror.provider}`,
      failure: "refused",
    };
  }
  const provider = llm.get(juror.provider, credentials);
  const schema = answerSchema(definition);
  let conversation = messages;
  let answeredModel = juror.model;
  for (let attempt = 0; attempt < MAX_ANSWERS; attempt++) {
    let text: string;
    const startTime = request.record?.now();
    const heard = (call: Omit<JudgeCall, "provider" | "messages" | "startTime" | "endTime">) =>
      request.record?.call({
        provider: juror.provider,
        messages: conversation,
        startTime: startTime!,
        endTime: request.record.now(),
        ...call,
      });
    try {
      const completion = await provider.complete({
        model: juror.model,
        messages: conversation,
        temperature: 0,
        responseFormat: { type: "json", schema },
      });
      heard({
        model: completion.model || juror.model,
        text: completion.text,
        usage: completion.usage,
        costUsd: priced(completion.model || juror.model, completion.usage, request.prices),
        error: null,
      });
      cast.attempts++;
      cast.usage.input += completion.usage.input;
      cast.usage.output += completion.usage.output;
      answeredModel = completion.model || juror.model;
      text = completion.text;
    } catch (error) {
      if (!(error instanceof LlmCallError)) throw error;
      heard({ model: juror.model, text: null, usage: { input: 0, output: 0 }, costUsd: null, error: error.message });
      cast.error = error.message;
      cast.failure = error.transient ? "transient" : "refused";
      break;
    }
    const check = checkAnswer(text, definition);
    if (check.ok) {
      Object.assign(cast, {
        status: "ok",
        value: check.verdict.value,
        label: check.verdict.label,
        reasoning: check.verdict.reasoning,
      });
      break;
    }
    cast.rejected.push({ problem: check.problem, answer: safeExcerpt(text, ANSWER_PREVIEW) });
    cast.error = `Judge answer unusable after one retry: ${check.problem}`;
    cast.failure = "unusable";
    conversation = [...messages, { role: "assistant", content: text }, correction(definition, check.problem)];
  }
  if (cast.status === "ok") Object.assign(cast, { error: null, failure: null });
  cast.costUsd = cast.attempts > 0 ? priced(answeredModel, cast.usage, request.prices) : null;
  return cast;
}

/** Notes of labels refused as off the list, for the reasoning (docs/evaluators.md, "Judge protocol"). */
const offListNotes = (v: JudgeVote) =>
  v.rejected.filter((r) => r.problem.startsWith("label ")).map((r) => `Rejected ${r.problem}.`);

const describeVote = (v: JudgeVote, dataType: EvaluatorDefinition["scoreDataType"]) =>
  v.status === "failed"
    ? "failed"
    : dataType === "CATEGORICAL"
      ? JSON.stringify(v.label)
      : dataType === "BOOLEAN"
        ? v.value === 1
          ? "pass"
          : "fail"
        : String(v.value);

/**
 * Aggregates the votes that counted: NUMERIC is their mean; BOOLEAN and CATEGORICAL take the majority. A
 * BOOLEAN tie fails; a CATEGORICAL tie goes to the tied label listed first in `scoreCategories`, or (with no
 * list) to the tied label voted first in jury order.
 */
export function aggregate(
  definition: Pick<EvaluatorDefinition, "scoreDataType" | "scoreCategories">,
  votes: readonly JudgeVote[],
): { value: number | null; label: string | null } {
  const counted = votes.filter((v) => v.status === "ok");
  if (definition.scoreDataType === "NUMERIC")
    return { value: counted.reduce((sum, v) => sum + v.value!, 0) / counted.length, label: null };
  if (definition.scoreDataType === "BOOLEAN") {
    const passes = counted.filter((v) => v.value === 1).length;
    return { value: passes > counted.length - passes ? 1 : 0, label: null };
  }
  const tally = new Map<string, number>();
  for (const v of counted) tally.set(v.label!, (tally.get(v.label!) ?? 0) + 1);
  const top = Math.max(...tally.values());
  const tied = [...tally.keys()].filter((l) => tally.get(l) === top);
  const order = definition.scoreCategories.length > 0 ? definition.scoreCategories : [...tally.keys()];
  return { value: null, label: order.find((l) => tied.includes(l)) ?? tied[0]! };
}

function commentOf(
  definition: EvaluatorDefinition,
  votes: readonly JudgeVote[],
  result: { value: number | null; label: string | null },
): string {
  if (votes.length === 1) return [...offListNotes(votes[0]!), votes[0]!.reasoning ?? ""].filter(Boolean).join(" ");
  const counted = votes.filter((v) => v.status === "ok").length;
  const outcome =
    definition.scoreDataType === "NUMERIC"
      ? `mean ${Number(result.value!.toFixed(6))}`
      : definition.scoreDataType === "BOOLEAN"
        ? `majority ${result.value === 1 ? "pass" : "fail"}`
        : `majority ${JSON.stringify(result.label)}`;
  const lines = votes.map((v) => {
    const detail =
      v.status === "ok" ? [...offListNotes(v), v.reasoning ?? ""].filter(Boolean).join(" ") : (v.error ?? "");
    return `- ${v.provider}/${v.model}: ${describeVote(v, definition.scoreDataType)}${detail ? ` — ${detail}` : ""}`;
  });
  return [`Jury: ${counted} of ${votes.length} jurors voted; ${outcome}.`, ...lines].join("\n");
}

function failureOf(votes: readonly JudgeVote[]): AppError {
  const message =
    votes.length === 1
      ? votes[0]!.error!
      : `Every juror failed: ${votes.map((v) => `${v.provider}/${v.model}: ${v.error}`).join("; ")}`;
  const details = { votes };
  // A provider that could not be reached may answer later: that is the service being unavailable, not the request.
  return votes.some((v) => v.failure === "transient")
    ? new AppError("unavailable", message, details)
    : unprocessable(message, details);
}

/**
 * Asks every juror (or the one judge) the same prompt at once; the provider bound limits how many requests
 * are in flight. A juror that errors is dropped; the evaluation fails only when every juror fails.
 * @throws unavailable when every juror failed and one of them could not reach its provider; unprocessable otherwise.
 */
export async function judge(deps: { llm: LlmProviders }, request: JudgeRequest): Promise<Judgement> {
  const messages = judgeMessages(request.definition, request.variables);
  const votes = await Promise.all(panelOf(request.definition).map((juror) => vote(deps.llm, juror, request, messages)));
  const usage = votes.reduce((sum, v) => ({ input: sum.input + v.usage.input, output: sum.output + v.usage.output }), {
    input: 0,
    output: 0,
  });
  const costs = votes.map((v) => v.costUsd).filter((c): c is number => c !== null);
  if (!votes.some((v) => v.status === "ok")) throw failureOf(votes);
  const result = aggregate(request.definition, votes);
  return {
    ...result,
    comment: commentOf(request.definition, votes, result),
    votes,
    usage: { ...usage, total: usage.input + usage.output },
    costUsd: costs.length > 0 ? Pricing.roundCost(costs.reduce((a, b) => a + b, 0)) : null,
  };
}
