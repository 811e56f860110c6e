import * as z from "zod";

/** One evaluation the eval queue carries: an evaluator on a trace (or one of its observations). */
export const EvalJob = z.object({
  projectId: z.string().min(1),
  evaluatorId: z.string().min(1),
  traceId: z.string().min(1),
  observationId: z.string().min(1).nullish(),
  trigger: z.enum(["online"]),
});
export type EvalJob = z.infer<typeof EvalJob>;
