import * as z from "zod";

/**
 * One evaluation the eval queue carries: an evaluator on a trace (or one of its observations). An experiment
 * names the dataset item whose data binds `dataset.*`; a thread judgement names the session, whose latest
 * trace is `traceId` (docs/evaluators.md, "Online evaluation").
 */
export const TargetJob = z.object({
  projectId: z.string().min(1),
  evaluatorId: z.string().min(1),
  traceId: z.string().min(1),
  observationId: z.string().min(1).nullish(),
  trigger: z.enum(["online", "experiment", "thread"]),
  datasetItem: z.object({ runId: z.string().min(1), id: z.string().min(1) }).nullish(),
  sessionId: z.string().min(1).nullish(),
});
export type TargetJob = z.infer<typeof TargetJob>;

/** Continue a backfill run from where it stands (docs/evaluators.md, "Backfill"). */
export const BackfillJob = z.object({ projectId: z.string().min(1), backfillId: z.string().min(1) });
export type BackfillJob = z.infer<typeof BackfillJob>;

export const EvalJob = z.union([BackfillJob.strict(), TargetJob]);
export type EvalJob = z.infer<typeof EvalJob>;

export const isBackfillJob = (job: EvalJob): job is BackfillJob => "backfillId" in job;
