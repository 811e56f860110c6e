import * as Audit from "../audit";
import * as Automations from "../automations";
import type { Deps } from "../platform/deps";
import * as Telemetry from "../telemetry";
import { type ExecutionRecord, recordManyExecutions } from "./executions";
import type { LoadedEvaluator } from "./read-evaluators";
import {
  completedEvent,
  type EvaluationSupplies,
  evaluationSupplies,
  outcomeOf,
  recordJudgeCalls,
  scoreOf,
} from "./run-evaluator";
import type { EvaluationTarget } from "./variables";

/** Judges called at once within a batch (a worker delivery, a backfill chunk). */
export const JUDGE_CONCURRENCY = 16;

type BatchDeps = Parameters<typeof outcomeOf>[0] &
  Pick<Deps, "db" | "telemetry" | "blobs" | "clock" | "ids" | "config" | "caches" | "queues" | "log">;

/**
 * Evaluations of one project written together (docs/evaluators.md, "Online evaluation", "Backfill"): what
 * they read besides the target once, then one score insert and one transaction for the events and the log.
 */
export class EvaluationBatch {
  private readonly supplies: EvaluationSupplies;
  private readonly writes: Telemetry.ScoreWrite[] = [];
  private readonly events: ReturnType<typeof completedEvent>[] = [];
  private readonly records: (ExecutionRecord & { evaluatorId: string })[] = [];

  constructor(
    private readonly deps: BatchDeps,
    private readonly projectId: string,
  ) {
    this.supplies = evaluationSupplies(deps, projectId);
  }

  /** Evaluates a target and keeps its score and event for `commit`. @throws as outcomeOf and scoreOf */
  async score(evaluator: LoadedEvaluator, target: EvaluationTarget, environment: string | null) {
    const outcome = await outcomeOf(this.deps, this.projectId, evaluator, target, this.supplies);
    const { score, write } = scoreOf(
      evaluator,
      target,
      outcome,
      environment,
      this.deps.clock.now(),
      await this.supplies.scoreConfigs(),
    );
    this.writes.push(write);
    this.events.push(completedEvent(this.projectId, evaluator, target, score));
    return score;
  }

  /** Adds an outcome to the execution log written by `commit`. */
  record(record: ExecutionRecord & { evaluatorId: string }): void {
    this.records.push(record);
  }

  /**
   * Scores first: a failure before the log is written leaves the work to be done again, under the same score ids.
   * Then the judges' provider calls of the whole batch, in one ingest batch.
   */
  async commit(): Promise<void> {
    await Telemetry.writeScores(this.deps, this.projectId, this.writes, (p) =>
      Automations.activeTriggers(this.deps, p),
    );
    await this.deps.db.transaction(async (db) => {
      await Audit.appendEvents({ ...this.deps, db }, this.projectId, this.events);
      await recordManyExecutions({ ...this.deps, db }, this.projectId, this.records);
    });
    await recordJudgeCalls(this.deps, this.projectId, this.supplies);
  }
}
