import type { EventBus, EventEnvelope } from "../../platform/ports";
import { type AwsCredentialSource, awsJsonCall, serviceEndpoint } from "./signed-fetch";

export interface EventBridgeBusOptions {
  busName: string;
  source?: string;
  attempts?: number;
  region: string;
  /** An EventBridge-compatible endpoint; AWS's regional endpoint when absent. */
  endpoint?: string;
  credentials: AwsCredentialSource;
}

/** One PutEvents entry as EventBridge's JSON protocol takes it (`Time` in epoch seconds). */
interface PutEventsRequestEntry {
  EventBusName: string;
  Source: string;
  DetailType: string;
  Detail: string;
  Time: number;
}

interface PutEventsResponse {
  FailedEntryCount?: number;
  Entries?: { EventId?: string; ErrorCode?: string; ErrorMessage?: string }[];
}

/** PutEvents takes at most ten entries and 256 KB per call. */
const MAX_ENTRIES = 10;
const MAX_CALL_BYTES = 256 * 1024;
/** The detail of one entry is what is left after its other fields; a bigger event cannot go on the bus. */
const ENTRY_OVERHEAD_BYTES = 1024;

/** The source every event of the service carries; the stack's rules match on it (docs/automations.md, "Events"). */
export const EVENT_SOURCE = "sightline";

/** How PutEvents counts an entry's size (UTF-8 bytes of its fields). */
function entrySize(entry: PutEventsRequestEntry): number {
  return (
    Buffer.byteLength(entry.Detail) +
    Buffer.byteLength(entry.DetailType) +
    Buffer.byteLength(entry.Source) +
    entry.EventBusName.length +
    64
  );
}

/** Entries in calls of at most ten and 256 KB. */
function chunks(entries: { id: string; entry: PutEventsRequestEntry }[]) {
  const calls: (typeof entries)[] = [];
  let current: typeof entries = [];
  let bytes = 0;
  for (const item of entries) {
    const size = entrySize(item.entry);
    if (current.length === MAX_ENTRIES || (current.length > 0 && bytes + size > MAX_CALL_BYTES)) {
      calls.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length) calls.push(current);
  return calls;
}

/**
 * Domain events on an EventBridge bus: `Source` the service, `DetailType` the event type, `Detail` the
 * envelope. Entries PutEvents refuses (throttling, internal failures) are sent again, up to `attempts`
 * times in all; those still refused, and events too large for the bus, are reported failed. Spoken over
 * EventBridge's JSON protocol with Signature V4 (signed-fetch.ts), not the AWS SDK (docs/deployment.md, "What ships").
 */
export class EventBridgeEventBus implements EventBus {
  private readonly call: <T>(operation: string, input: Record<string, unknown>) => Promise<T>;
  private readonly busName: string;
  private readonly source: string;
  private readonly attempts: number;

  constructor(options: EventBridgeBusOptions) {
    this.busName = options.busName;
    this.source = options.source ?? EVENT_SOURCE;
    this.attempts = options.attempts ?? 3;
    this.call = awsJsonCall({
      service: "events",
      region: options.region,
      credentials: options.credentials,
      endpoint: options.endpoint ?? serviceEndpoint("events", options.region),
      version: "1.1",
      targetPrefix: "AWSEvents",
    });
  }

  async publish(events: readonly EventEnvelope[]): Promise<{ failed: string[] }> {
    const failed: string[] = [];
    let pending: { id: string; entry: PutEventsRequestEntry }[] = [];
    for (const event of events) {
      const entry: PutEventsRequestEntry = {
        EventBusName: this.busName,
        Source: this.source,
        DetailType: event.type,
        Detail: JSON.stringify(event),
        Time: new Date(event.timestamp).getTime() / 1000,
      };
      if (entrySize(entry) + ENTRY_OVERHEAD_BYTES > MAX_CALL_BYTES) failed.push(event.id);
      else pending.push({ id: event.id, entry });
    }
    for (let attempt = 1; attempt <= this.attempts && pending.length > 0; attempt++) {
      const refused: typeof pending = [];
      for (const call of chunks(pending)) {
        try {
          const result = await this.call<PutEventsResponse>("PutEvents", { Entries: call.map((c) => c.entry) });
          // Results come back in the order of the entries; a refused one has an ErrorCode.
          if (result.FailedEntryCount) {
            for (const [i, r] of (result.Entries ?? []).entries()) if (r.ErrorCode) refused.push(call[i]!);
          }
        } catch {
          refused.push(...call);
        }
      }
      pending = refused;
    }
    failed.push(...pending.map((p) => p.id));
    return { failed };
  }
}
