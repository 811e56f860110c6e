export { addItemsFromObservations } from "./add-from-observations";
export { addItemFromTrace } from "./add-from-trace";
export { compareRuns } from "./compare-runs";
export { createDataset } from "./create-dataset";
export { itemCounts, itemIds, runNames } from "./dataset-contents";
export * from "./datasets.schema";
export { gateRun } from "./gate-run";
export { getDataset } from "./get-dataset";
export { getRun } from "./get-run";
export { cellValue, importCsv, parseCsv } from "./import-csv";
export { insertItems } from "./insert-items";
export { getItem, ITEM_STATUSES, type ItemRecord, type ItemStatus, listItems } from "./item-records";
export { compileItemSchema } from "./item-schema";
export { checkSchema, declareSchema } from "./item-schema-ops";
export { listDatasetPage, listDatasets } from "./list-datasets";
export { findDataset, findRun } from "./lookup";
export { linkRunItems, recordRun, recordRunItem } from "./record-run";
export { checkRunnerUrl, registerRunner, runnerSecrets } from "./register-runner";
export { requestRemoteRun } from "./request-remote-run";
export { type ItemData, runItemData, runLinks } from "./run-item-data";
export {
  deleteRun,
  getRunRecord,
  listRunItems,
  listRuns,
  type RunItemRecord,
  type RunRecord,
  runItemId,
} from "./run-records";
export { type SaveDatasetInput, saveDataset } from "./save-dataset";
export { insertRun, itemOrder } from "./service-run";
export { copiedFields, eraseEndUserItems } from "./source-items";
export { deleteItem, type UpsertItemInput, upsertItem } from "./upsert-item";
