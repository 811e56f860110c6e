import type { Deps } from "../platform/deps";
import { invalid } from "../platform/errors";
import type { Principal } from "../platform/principal";
import type { GuardrailCheckInput, GuardrailCheckResult } from "./evaluators.schema";
import { recordExecution } from "./executions";
import { type LoadedEvaluator, loadEvaluatorCached } from "./read-evaluators";
import { evaluateAndScore, evaluationSupplies, outcomeOf, recordJudgeCalls } from "./run-evaluator";
import type { EvaluationTarget } from "./variables";

type GuardrailDeps = Pick<
  Deps,
  "db" | "telemetry" | "blobs" | "log" | "clock" | "ids" | "keyRing" | "llm" | "config" | "caches" | "queues"
>;
type Result = GuardrailCheckResult["results"][number];

/**
 * Checks an input and output against guardrail evaluators at request time (docs/evaluators.md, "Guardrails"):
 * all run at once, code inline and judges through their providers; a score below the evaluator's threshold
 * fails. A CATEGORICAL evaluator has no threshold to meet: skipped with the reason and a log line. With a
 * trace, each score is also written to it as EVAL and the run lands in the execution log.
 * @throws not_found for an unknown evaluator; invalid_input for one without `guardrail.threshold`.
 */
export async function checkGuardrails(
  deps: GuardrailDeps,
  principal: Principal,
  body: GuardrailCheckInput,
): Promise<GuardrailCheckResult> {
  const { projectId } = principal;
  const names = [...new Set(body.evaluators)];
  const evaluators = await Promise.all(names.map((name) => loadEvaluatorCached(deps, projectId, name)));
  for (const e of evaluators) {
    if (!e.definition.guardrail) throw invalid(`Evaluator '${e.name}' is not a guardrail: give it guardrail.threshold`);
  }
  const results = await Promise.all(evaluators.map((e) => check(deps, projectId, e, body)));
  return { passed: results.every((r) => r.passed), results };
}

async function check(
  deps: GuardrailDeps,
  projectId: string,
  evaluator: LoadedEvaluator,
  body: GuardrailCheckInput,
): Promise<Result> {
  const threshold = evaluator.definition.guardrail!.threshold;
  if (evaluator.definition.scoreDataType === "CATEGORICAL") {
    const reason = "a CATEGORICAL score has no threshold to meet";
    deps.log.warn("guardrail skipped", { evaluator: evaluator.name, reason });
    return { evaluator: evaluator.name, score: null, threshold, passed: true, skipped: true, reason };
  }
  const startedAt = deps.clock.now();
  let value: number | null;
  if (body.traceId) {
    const { score } = await evaluateAndScore(deps, projectId, evaluator, {
      traceId: body.traceId,
      input: body.input ?? null,
      output: body.output ?? null,
    });
    value = score.value;
    await recordExecution(deps, projectId, evaluator.id, {
      trigger: "guardrail",
      traceId: body.traceId,
      status: "completed",
      scoreId: score.id,
      startedAt,
    });
  } else {
    const supplies = evaluationSupplies(deps, projectId);
    value = (await outcomeOf(deps, projectId, evaluator, targetOf(body), supplies)).value;
    await recordJudgeCalls(deps, projectId, supplies);
  }
  const passed = value !== null && value >= threshold;
  return {
    evaluator: evaluator.name,
    score: value,
    threshold,
    passed,
    skipped: false,
    reason: passed ? null : `score ${value} is below the threshold ${threshold}`,
  };
}

/** The request's input and output as the target, with nothing stored behind them. */
function targetOf(body: GuardrailCheckInput): EvaluationTarget {
  const own = { input: body.input ?? null, output: body.output ?? null, metadata: null };
  return {
    traceId: "",
    observationId: null,
    trace: own,
    observation: null,
    observations: [],
    expectedOutput: null,
    dataset: null,
    thread: null,
  };
}
