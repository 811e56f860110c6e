export * from "./alerts.schema";
export { type CheckResult, checkAlerts } from "./check-alerts";
export { createAlert, deleteAlert, getAlert, listAlerts, updateAlert } from "./rules";
