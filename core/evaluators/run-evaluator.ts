import * as Audit from "../audit";
import * as Automations from "../automations";
import * as Ingest from "../ingest";
import type { Deps } from "../platform/deps";
import { invalid, isAppError, notFound, unprocessable } from "../platform/errors";
import type { LlmCredentials, LlmProviderName } from "../platform/ports";
import type { Principal } from "../platform/principal";
import { stableUuid } from "../platform/stable-id";
import * as Pricing from "../pricing";
import * as Scores from "../scores";
import * as Telemetry from "../telemetry";
import * as Traces from "../traces";
import { panelOf } from "./define-evaluator";
import type { EvaluatorDefinition, RunEvaluatorInput, RunEvaluatorResult } from "./evaluators.schema";
import { recordExecution } from "./executions";
import { compileExpression, evaluateScore } from "./expression";
import { type JudgeCall, judge } from "./judge";
import { openCredentials } from "./provider-credentials";
import { type LoadedEvaluator, loadEvaluator } from "./read-evaluators";
import { codeVariables, type DatasetBinding, type EvaluationTarget, judgeVariables } from "./variables";

type RunDeps = Pick<
  Deps,
  "db" | "telemetry" | "blobs" | "log" | "clock" | "ids" | "keyRing" | "llm" | "config" | "caches" | "queues"
>;

/**
 * The score id of an evaluator on a target: the same evaluator on the same trace (or observation) always
 * writes the same id, so a re-run overwrites its score instead of adding one (docs/evaluators.md, "Running an evaluator").
 */
export function evalScoreId(evaluatorId: string, traceId: string, observationId: string | null): string {
  return stableUuid("eval", evaluatorId, traceId, observationId ?? "");
}

/** What to evaluate: a trace or one of its observations, with an experiment's item or a thread's session. */
export interface TargetRequest extends RunEvaluatorInput {
  dataset?: DatasetBinding | null;
  /** Thread scope: `traceId` is the session's latest trace. */
  sessionId?: string | null;
}

/**
 * The target as stored trace bodies show it. The request's `input`/`output` replace the scored entity's.
 * @throws not_found when the observation is not in the trace.
 */
export function targetFrom(
  trace: Traces.TraceBodies | null,
  request: TargetRequest,
  turns: NonNullable<EvaluationTarget["thread"]>["turns"] | null = null,
): EvaluationTarget {
  const observationId = request.observationId ?? null;
  let observation: EvaluationTarget["observation"] = null;
  if (observationId !== null) {
    const stored = trace?.observations.find((o) => o.id === observationId);
    if (trace && !stored) throw notFound("observation", observationId);
    observation = { input: stored?.input ?? null, output: stored?.output ?? null, metadata: stored?.metadata ?? null };
  }
  const traceBodies = { input: trace?.input ?? null, output: trace?.output ?? null, metadata: trace?.metadata ?? null };
  const own = observation ?? traceBodies;
  if (request.input !== undefined) own.input = request.input;
  if (request.output !== undefined) own.output = request.output;
  const dataset = request.dataset ?? null;
  return {
    traceId: request.traceId,
    observationId,
    trace: traceBodies,
    observation,
    observations: (trace?.observations ?? []).map((o) => ({
      name: o.name,
      input: o.input,
      output: o.output,
      metadata: o.metadata,
    })),
    expectedOutput: request.expectedOutput !== undefined ? request.expectedOutput : (dataset?.expectedOutput ?? null),
    dataset,
    thread: request.sessionId && turns ? { sessionId: request.sessionId, turns } : null,
  };
}

/**
 * The trace (and observation) to evaluate, read from the telemetry store; for a thread, the session's turns
 * too. With `input` or `output` given, a trace not stored yet (ingest is asynchronous) is allowed.
 * @throws not_found for a trace or observation that is not stored.
 */
async function loadTarget(
  deps: RunDeps,
  projectId: string,
  request: TargetRequest,
): Promise<{ target: EvaluationTarget; environment: string | null }> {
  const given = request.input !== undefined || request.output !== undefined;
  const [bodies, turns] = await Promise.all([
    Traces.readTraceBodies(deps, projectId, [request.traceId], { observations: true }),
    request.sessionId ? Traces.readSessionTurns(deps, projectId, request.sessionId) : Promise.resolve(null),
  ]);
  const trace = bodies.get(request.traceId) ?? null;
  if (!trace && !given) throw notFound("Trace", request.traceId);
  return { target: targetFrom(trace, request, turns), environment: trace?.environment ?? null };
}

export interface Outcome {
  value: number | null;
  label: string | null;
  comment: string | null;
  metadata: Record<string, unknown>;
}

function runCode(evaluator: LoadedEvaluator, target: EvaluationTarget): Outcome {
  const d = evaluator.definition;
  let value: number;
  try {
    value = evaluateScore(compileExpression(d.expression!), codeVariables(d, target));
  } catch (error) {
    // The expression compiled at save; what fails now is its result on this data.
    if (isAppError(error))
      throw unprocessable(`Code evaluator '${evaluator.name}' failed: ${error.message}`, error.details);
    throw error;
  }
  if (d.scoreDataType === "BOOLEAN" && value !== 0 && value !== 1) {
    throw unprocessable(
      `Code evaluator '${evaluator.name}' scores BOOLEAN but its expression returned ${value}: return a boolean`,
    );
  }
  return { value, label: null, comment: null, metadata: {} };
}

/**
 * What evaluations read besides the target: the project's provider credentials, custom model prices and score
 * configs, read once per batch of evaluations (a worker delivery, a backfill chunk) rather than once each.
 */
export interface EvaluationSupplies {
  /** The judges' provider calls so far, recorded together by `recordJudgeCalls`. */
  modelCalls: Ingest.ModelCall[];
  scoreConfigs(): Promise<Scores.ScoreConfigView[]>;
  credentials(providers: readonly LlmProviderName[]): Promise<Map<LlmProviderName, LlmCredentials>>;
  prices(): Promise<Awaited<ReturnType<typeof Pricing.listPrices>>["data"]>;
}

export function evaluationSupplies(
  deps: Pick<Deps, "db" | "keyRing" | "config" | "caches">,
  projectId: string,
): EvaluationSupplies {
  const credentials = new Map<string, Promise<Map<LlmProviderName, LlmCredentials>>>();
  let prices: ReturnType<EvaluationSupplies["prices"]> | undefined;
  let configs: ReturnType<EvaluationSupplies["scoreConfigs"]> | undefined;
  return {
    modelCalls: [],
    scoreConfigs: () => (configs ??= Scores.scoreConfigsOf(deps, projectId)),
    credentials(providers) {
      const key = [...new Set(providers)].sort().join(",");
      if (!credentials.has(key)) credentials.set(key, openCredentials(deps, projectId, providers));
      return credentials.get(key)!;
    },
    prices: () =>
      (prices ??= Pricing.listPrices(deps, projectId).then((p) => p.data.filter((e) => e.source === "custom"))),
  };
}

async function runJudge(
  deps: RunDeps,
  evaluator: LoadedEvaluator,
  target: EvaluationTarget,
  supplies: EvaluationSupplies,
): Promise<Outcome> {
  const d = evaluator.definition;
  const panel = panelOf(d);
  const [credentials, prices] = await Promise.all([
    supplies.credentials(panel.map((j) => j.provider)),
    supplies.prices(),
  ]);
  const record = {
    now: () => deps.clock.now(),
    call: (c: JudgeCall) =>
      supplies.modelCalls.push({
        source: "judge",
        name: `judge ${evaluator.name}`,
        provider: c.provider,
        model: c.model,
        input: c.messages,
        output: c.text,
        usage: c.usage,
        costUsd: c.costUsd,
        startTime: c.startTime,
        endTime: c.endTime,
        ...(c.error ? { error: c.error } : {}),
        metadata: {
          evaluator: { id: evaluator.id, name: evaluator.name, version: evaluator.version },
          target: { traceId: target.traceId, observationId: target.observationId },
        },
      }),
  };
  const judgement = await judge(deps, {
    definition: d,
    variables: judgeVariables(d, target),
    credentials,
    prices,
    record,
  });
  return {
    value: judgement.value,
    label: judgement.label,
    comment: judgement.comment,
    metadata: {
      judge: {
        provider: d.provider,
        model: d.model,
        jury: d.jurors.length > 0,
        usage: judgement.usage,
        costUsd: judgement.costUsd,
        votes: judgement.votes,
      },
    },
  };
}

/**
 * Records the judges' provider calls of a batch of evaluations as traces of the project, in one ingest batch
 * (docs/ingest.md, "The platform's own model calls"). The evaluations are already written: a failure to record is
 * logged, never a reason to judge again.
 */
export async function recordJudgeCalls(
  deps: Pick<Deps, "db" | "blobs" | "queues" | "clock" | "ids" | "config" | "caches" | "log">,
  projectId: string,
  supplies: EvaluationSupplies,
): Promise<void> {
  const calls = supplies.modelCalls.splice(0);
  if (calls.length === 0) return;
  try {
    await Ingest.recordModelCalls(deps, { projectId }, calls);
  } catch (error) {
    deps.log.warn("judge calls not recorded", {
      projectId,
      calls: calls.length,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** The evaluator's verdict on a target, written nowhere: code inline, a judge through its providers. */
export async function outcomeOf(
  deps: RunDeps,
  projectId: string,
  evaluator: LoadedEvaluator,
  target: EvaluationTarget,
  supplies: EvaluationSupplies = evaluationSupplies(deps, projectId),
): Promise<Outcome> {
  return evaluator.definition.kind === "CODE"
    ? runCode(evaluator, target)
    : runJudge(deps, evaluator, target, supplies);
}

const stringValueOf = (dataType: EvaluatorDefinition["scoreDataType"], o: Outcome) =>
  dataType === "CATEGORICAL" ? o.label : dataType === "BOOLEAN" ? (o.value === 1 ? "True" : "False") : null;

/** A written EVAL score, as the run endpoint answers it. */
type WrittenScore = RunEvaluatorResult["score"];

/** The score id of a thread judgement: in (session, evaluator, latest trace), so a new turn gets its own. */
export function threadScoreId(evaluatorId: string, sessionId: string, traceId: string): string {
  return evalScoreId(evaluatorId, `session\u0000${sessionId}`, traceId);
}

/** The EVAL score an outcome makes on a target, as answered and as written to the telemetry store. */
export function scoreOf(
  evaluator: LoadedEvaluator,
  target: EvaluationTarget,
  outcome: Outcome,
  environment: string | null,
  now: Date,
  configs: readonly Scores.ScoreConfigView[] = [],
): { score: WrittenScore; write: Telemetry.ScoreWrite } {
  const d = evaluator.definition;
  const name = d.scoreName ?? evaluator.name;
  // Score configs hold on every path (docs/scores.md): an EVAL score that misfits is not written.
  const fit = Scores.fitScore(configs, {
    name,
    dataType: d.scoreDataType,
    value: d.scoreDataType === "CATEGORICAL" ? null : outcome.value,
    stringValue: outcome.label,
  });
  if (!fit.ok) throw unprocessable(`Evaluator '${evaluator.name}': ${fit.error}`);
  const sessionId = target.thread?.sessionId ?? null;
  const score = {
    id: sessionId
      ? threadScoreId(evaluator.id, sessionId, target.traceId)
      : evalScoreId(evaluator.id, target.traceId, target.observationId),
    name,
    value: d.scoreDataType === "CATEGORICAL" ? null : outcome.value,
    stringValue: stringValueOf(d.scoreDataType, outcome),
    dataType: d.scoreDataType,
    source: "EVAL" as const,
    comment: outcome.comment,
  };
  const metadata = {
    evaluator: { id: evaluator.id, name: evaluator.name, version: evaluator.version, kind: d.kind },
    ...outcome.metadata,
  };
  return {
    score,
    write: {
      id: score.id,
      traceId: target.traceId,
      observationId: target.observationId,
      sessionId,
      name: score.name,
      dataType: score.dataType,
      value: d.scoreDataType === "CATEGORICAL" ? outcome.label! : outcome.value!,
      source: "EVAL",
      comment: score.comment,
      configId: fit.configId,
      metadata,
      environment,
      timestamp: now,
    },
  };
}

/**
 * Evaluates a loaded evaluator on a trace (or one of its observations, or a session ending in it) and writes
 * its score with source EVAL under the deterministic id of (target, evaluator). Shared by every trigger; the
 * caller records the rest.
 */
export async function evaluateAndScore(
  deps: RunDeps,
  projectId: string,
  evaluator: LoadedEvaluator,
  request: TargetRequest,
): Promise<{ score: WrittenScore; target: EvaluationTarget }> {
  const { target, environment } = await loadTarget(deps, projectId, request);
  const supplies = evaluationSupplies(deps, projectId);
  const outcome = await outcomeOf(deps, projectId, evaluator, target, supplies);
  const { score, write } = scoreOf(
    evaluator,
    target,
    outcome,
    environment,
    deps.clock.now(),
    await supplies.scoreConfigs(),
  );
  await Telemetry.writeScores(deps, projectId, [write], (p) => Automations.activeTriggers(deps, p));
  await recordJudgeCalls(deps, projectId, supplies);
  return { score, target };
}

/** The `eval.completed` event of a written score. */
export function completedEvent(
  projectId: string,
  evaluator: LoadedEvaluator,
  target: Pick<EvaluationTarget, "traceId" | "observationId" | "thread">,
  score: WrittenScore,
) {
  return {
    type: "eval.completed",
    payload: {
      projectId,
      evaluator: evaluator.name,
      evaluatorVersion: evaluator.version,
      kind: evaluator.definition.kind,
      traceId: target.traceId,
      observationId: target.observationId,
      ...(target.thread ? { sessionId: target.thread.sessionId } : {}),
      score: {
        id: score.id,
        name: score.name,
        value: score.value,
        stringValue: score.stringValue,
        dataType: score.dataType,
        source: score.source,
      },
    },
  };
}

/**
 * Runs the newest version of an evaluator on a trace (or one of its observations), writes the score with
 * source EVAL, appends `eval.completed` to the outbox and the run to the execution log.
 * @throws not_found for an unknown evaluator, trace or observation; invalid_input for a thread-scope
 * evaluator or an observation-scope one without `observationId`; unprocessable when the evaluation fails on
 * this data (every juror answered unusably or was refused, or the expression's result is not a score);
 * unavailable when every juror failed and a provider could not be reached.
 */
export async function runEvaluator(
  deps: RunDeps,
  principal: Principal,
  name: string,
  input: RunEvaluatorInput,
): Promise<RunEvaluatorResult> {
  const { projectId } = principal;
  const evaluator = await loadEvaluator(deps, projectId, name);
  const d = evaluator.definition;
  if (d.scope === "thread")
    throw invalid(`Evaluator '${name}' has thread scope: it judges whole sessions once they are quiet, not one trace`);
  if (d.scope === "observation" && !input.observationId)
    throw invalid(`Evaluator '${name}' has observation scope: give observationId`);
  const startedAt = deps.clock.now();
  const { score, target } = await evaluateAndScore(deps, projectId, evaluator, input);
  // The score is in the telemetry store first: a failure here leaves a score without its event, and a re-run
  // overwrites the score and appends the event.
  await deps.db.transaction(async (db) => {
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "evaluator.ran",
      target: { type: "evaluator", id: evaluator.id },
      details: {
        name: evaluator.name,
        version: evaluator.version,
        traceId: target.traceId,
        observationId: target.observationId,
        scoreId: score.id,
      },
      events: [completedEvent(projectId, evaluator, target, score)],
    });
    await recordExecution({ ...deps, db }, projectId, evaluator.id, {
      trigger: "manual",
      traceId: target.traceId,
      observationId: target.observationId,
      status: "completed",
      scoreId: score.id,
      startedAt,
    });
  });
  return { score };
}
