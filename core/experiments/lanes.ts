import type { ExperimentJob } from "./experiments.schema";

/** One message per lane: a run of concurrency N has N lanes, each with one model call in flight at most. */
export function laneJobs(projectId: string, runId: string, lanes: number): { body: string }[] {
  return Array.from({ length: lanes }, (_, lane) => ({
    body: JSON.stringify({ projectId, runId, lane } satisfies ExperimentJob),
  }));
}
