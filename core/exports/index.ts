export { EXPORT_TABLES, EXPORT_FORMATS, ExportQuery, exportFilters, type ExportTable, type ExportFormat, type ExportFilters } from "./export-query";
export { readPages, EXPORT_PAGE, type ExportRow } from "./read-pages";
export { encodeRows, csvField, csvRecord, EXPORT_COLUMNS, CONTENT_TYPES, exportFileName } from "./formats";
export { ExportConfigBody, ExportConfigPath, ExportConfigView, ExportConfigList } from "./export-configs.schema";
export { listExportConfigs, getExportConfig, createExportConfig, updateExportConfig, deleteExportConfig, exportKeySecrets } from "./manage-export-configs";
export { runScheduledExports, objectKey } from "./run-scheduled-exports";
export { SAFETY_LAG_MS, windowStart } from "./windows";
