export { recordChange, appendEvents, type Change } from "./record-change";
export { listAuditEntries, type AuditEntry } from "./list-entries";
export { relayOutbox, releaseClaims, pruneOutbox, MAX_RELAY_ATTEMPTS, DISPATCHED_KEEP_DAYS } from "./relay-outbox";
export { envelopeOf } from "./envelope";
export { outboxSignal } from "./outbox-signal";
export { outboxEvents } from "./audit.sql";
