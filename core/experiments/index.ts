export { cancelExperiment } from "./cancel-experiment";
export { deleteRun } from "./delete-run";
export * from "./experiments.schema";
export { handleExperimentJobs, recordExperimentGivenUp } from "./handle-experiment-jobs";
export { getExperimentRun } from "./read-experiment";
export { startExperiment } from "./start-experiment";
