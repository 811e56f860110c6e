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

/** Evaluations travel in bundles: one queue message per up to `BUNDLE_SIZE` of them, not one each. */
export const BUNDLE_SIZE = 50;
/**
 * Evaluations sent together. `attempt` counts the tries of the evaluations in it: the eval worker sends the
 * ones that must be tried again in a new bundle, delayed, with `attempt` one higher.
 */
export const EvalBundle = z.object({
  jobs: z.array(TargetJob).min(1).max(BUNDLE_SIZE),
  attempt: z.number().int().min(1).default(1),
});
export type EvalBundle = z.infer<typeof EvalBundle>;

export const EvalJob = z.union([BackfillJob.strict(), EvalBundle.strict(), TargetJob]);
export type EvalJob = z.infer<typeof EvalJob>;

export const isBackfillJob = (job: EvalJob): job is BackfillJob => "backfillId" in job;
export const isBundle = (job: EvalJob): job is EvalBundle => "jobs" in job;

/** Queue messages carrying these evaluations, `BUNDLE_SIZE` to a message. */
export function bundled(
  jobs: readonly TargetJob[],
  attempt = 1,
  delaySeconds = 0,
): { body: string; delaySeconds?: number }[] {
  const out: { body: string; delaySeconds?: number }[] = [];
  for (let i = 0; i < jobs.length; i += BUNDLE_SIZE) {
    const bundle: EvalBundle = { jobs: jobs.slice(i, i + BUNDLE_SIZE), attempt };
    out.push({ body: JSON.stringify(bundle), ...(delaySeconds ? { delaySeconds } : {}) });
  }
  return out;
}
