export * from "./experiments.schema";
export { startExperiment } from "./start-experiment";
export { getExperimentRun } from "./read-experiment";
export { cancelExperiment } from "./cancel-experiment";
export { handleExperimentJobs, recordExperimentGivenUp } from "./handle-experiment-jobs";
export { deleteRun } from "./delete-run";
