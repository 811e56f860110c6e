export { ExportConfigBody, ExportConfigList, ExportConfigPath, ExportConfigView } from "./export-configs.schema";
export {
  EXPORT_FORMATS,
  EXPORT_TABLES,
  type ExportFilters,
  type ExportFormat,
  ExportQuery,
  type ExportTable,
  exportFilters,
} from "./export-query";
export { exportText, LINE_PAGE } from "./export-text";
export { CONTENT_TYPES, csvField, csvRecord, EXPORT_COLUMNS, exportFileName } from "./formats";
export { EXPORT_PAGE } from "./key-walk";
export {
  createExportConfig,
  deleteExportConfig,
  exportKeySecrets,
  getExportConfig,
  listExportConfigs,
  updateExportConfig,
} from "./manage-export-configs";
export { objectKey, runScheduledExports } from "./run-scheduled-exports";
export { SAFETY_LAG_MS, windowStart } from "./windows";
