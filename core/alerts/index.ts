export * from "./alerts.schema";
export { createAlert, listAlerts, getAlert, updateAlert, deleteAlert } from "./rules";
export { checkAlerts, type CheckResult } from "./check-alerts";
