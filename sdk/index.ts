export { request, ingest, authorization, SightlineError, type Connection } from "./client";
export { verifySignature, parseTrigger, fetchItems, reportRunItem, SIGNATURE_HEADER, TIMESTAMP_HEADER, type RunTrigger, type DatasetItem } from "./runner";
