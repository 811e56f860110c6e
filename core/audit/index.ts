export { recordChange, appendEvents, type Change } from "./record-change";
export { listAuditEntries, type AuditEntry } from "./list-entries";
export { relayOutbox, MAX_RELAY_ATTEMPTS, type DomainEvent, type Subscriber } from "./relay-outbox";
