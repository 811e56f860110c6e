export { activeTriggers } from "./active-triggers";
export * from "./automations.schema";
export { attemptDueDeliveries, releaseLeases } from "./deliver";
export { listDeliveries, retryDelivery, testAutomation } from "./delivery-log";
export {
  collectSinkEvents,
  deleteEventSink,
  flushEventSinks,
  getEventSink,
  putEventSink,
  sinkKeySecrets,
} from "./event-sink";
export { deliverEvents, deliveriesDue } from "./fan-out";
export {
  automationSecrets,
  createAutomation,
  deleteAutomation,
  getAutomation,
  listAutomations,
  updateAutomation,
} from "./manage-automations";
export { FINISHED_KEEP_DAYS, pruneFinished } from "./prune";
