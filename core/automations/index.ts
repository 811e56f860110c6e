export * from "./automations.schema";
export { createAutomation, listAutomations, getAutomation, updateAutomation, deleteAutomation, automationSecrets } from "./manage-automations";
export { listDeliveries, retryDelivery, testAutomation } from "./delivery-log";
export { attemptDueDeliveries, releaseLeases } from "./deliver";
export { deliverEvents } from "./fan-out";
export { getEventSink, putEventSink, deleteEventSink, collectSinkEvents, flushEventSinks, sinkKeySecrets } from "./event-sink";
export { activeTriggers } from "./active-triggers";
export { pruneFinished, FINISHED_KEEP_DAYS } from "./prune";
