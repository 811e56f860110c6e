export { outboxEvents } from "./audit.sql";
export { envelopeOf } from "./envelope";
export { type AuditEntry, listAuditEntries } from "./list-entries";
export { deliveriesSignal, outboxSignal } from "./outbox-signal";
export { appendEvents, type Change, recordChange } from "./record-change";
export { DISPATCHED_KEEP_DAYS, MAX_RELAY_ATTEMPTS, pruneOutbox, relayOutbox, releaseClaims } from "./relay-outbox";
