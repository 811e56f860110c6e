import type { Delivered, GivenUp, JobFailure } from "../platform/jobs";
import type { ExperimentJob } from "./experiments.schema";
import { failRun, type LaneDeps, runLane } from "./run-lane";

/** Runs a delivery of lanes at once (docs/experiments.md, "How a run works"); a lane that throws is retried by the queue. */
export async function handleExperimentJobs(
  deps: LaneDeps,
  jobs: readonly Delivered<ExperimentJob>[],
): Promise<JobFailure[]> {
  const failures: JobFailure[] = [];
  await Promise.all(
    jobs.map(async ({ id, job }) => {
      try {
        await runLane(deps, job);
      } catch (error) {
        deps.log.warn("experiment lane failed; the queue retries it", {
          runId: job.runId,
          lane: job.lane,
          error: error instanceof Error ? error.message : String(error),
        });
        failures.push({ id, retry: error instanceof Error ? error.message : String(error) });
      }
    }),
  );
  return failures;
}

/** A lane the queue gave up on fails its run, with the reason. */
export async function recordExperimentGivenUp(
  deps: Pick<LaneDeps, "db" | "clock">,
  letter: GivenUp<ExperimentJob>,
): Promise<void> {
  const attempts = `${letter.attempts} ${letter.attempts === 1 ? "attempt" : "attempts"}`;
  await failRun(deps, letter.job, `A lane of the run failed: ${letter.error} (after ${attempts})`);
}
