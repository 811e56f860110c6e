import type { Connection } from "./connection.js";
import type { IngestEvent, IngestResult, QueuedEvent } from "./events.js";
import { call, errorOf, type Transport } from "./http.js";
import { newId } from "./ids.js";
import type { OnError } from "./problems.js";
import { SDK_NAME, SDK_VERSION } from "./version.js";

/** Under the service's 5 MB body cap, with room for the envelope. */
export const MAX_BATCH_BYTES = 3_500_000;

const SDK_FIELD = JSON.stringify({ name: SDK_NAME, version: SDK_VERSION });
const encoder = new TextEncoder();

interface Serialised {
  event: IngestEvent;
  json: string;
  bytes: number;
}

export interface DeliveryCounts {
  sent: number;
  failed: number;
}

/**
 * Sends a batch to `POST /v1/ingest` and reports what did not land: per-event 207 errors, events that
 * cannot be serialised (a cycle, a BigInt), and whole requests that failed after the retries. Resolves
 * in every case: nothing here may throw into the queue, and nothing into the caller's code.
 */
export function deliverer(conn: Connection, transport: Transport, report: OnError, counts: DeliveryCounts) {
  const fail = (events: readonly Serialised[], message: string, status?: number) => {
    counts.failed += events.length;
    report({ kind: "failed", count: events.length, message, ...(status ? { status } : {}) });
  };

  async function post(events: Serialised[]): Promise<void> {
    const body = `{"batch":[${events.map((e) => e.json).join(",")}],"sdk":${SDK_FIELD}}`;
    let answer: Awaited<ReturnType<typeof call>>;
    try {
      answer = await call(conn, "POST", "/v1/ingest", body, transport);
    } catch (error) {
      return fail(
        events,
        `${events.length} events not delivered: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (answer.status === 413 && events.length > 1) {
      const half = Math.ceil(events.length / 2);
      await post(events.slice(0, half));
      return post(events.slice(half));
    }
    if (answer.status < 200 || answer.status >= 300)
      return fail(
        events,
        `${events.length} events not delivered: ${errorOf("POST", "/v1/ingest", answer).message}`,
        answer.status,
      );
    const result = answer.body as Partial<IngestResult> | null;
    const errors = result?.errors ?? [];
    counts.sent += events.length - errors.length;
    counts.failed += errors.length;
    if (errors.length === 0) return;
    const typeOf = new Map(events.map((e) => [e.event.id, e.event.type]));
    for (const e of errors)
      report({
        kind: "rejected",
        count: 1,
        eventId: e.id,
        status: e.status,
        message: `${typeOf.get(e.id) ?? "event"} ${e.id}: ${e.message}`,
      });
  }

  // Events of a burst share their millisecond: format it once.
  let lastAt = NaN;
  let lastIso = "";
  return async (queued: QueuedEvent[]): Promise<void> => {
    const ready: Serialised[] = [];
    let chars = 0;
    for (const q of queued) {
      if (q.at !== lastAt) [lastAt, lastIso] = [q.at, new Date(q.at).toISOString()];
      const event: IngestEvent = { id: newId(), type: q.type, timestamp: lastIso, body: q.body };
      try {
        // The envelope's fields are plain ASCII (a UUID, a type, an ISO time): only the body needs JSON.stringify.
        const json = `{"id":"${event.id}","type":"${event.type}","timestamp":"${event.timestamp}","body":${JSON.stringify(event.body)}}`;
        ready.push({ event, json, bytes: json.length });
        chars += json.length;
      } catch (error) {
        counts.failed++;
        report({
          kind: "rejected",
          count: 1,
          eventId: event.id,
          message: `${event.type} ${event.id} cannot be serialised: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
    }
    // A UTF-8 byte is at most 3 per UTF-16 unit: only a batch that might pass the cap is measured exactly.
    if (chars * 3 <= MAX_BATCH_BYTES) return ready.length > 0 ? post(ready) : undefined;
    for (const s of ready) s.bytes = encoder.encode(s.json).length;
    // Requests under the body cap; an event larger than the cap goes alone and the service answers for it.
    let chunk: Serialised[] = [];
    let size = 0;
    for (const s of ready) {
      if (chunk.length > 0 && size + s.bytes > MAX_BATCH_BYTES) {
        await post(chunk);
        chunk = [];
        size = 0;
      }
      chunk.push(s);
      size += s.bytes + 1;
    }
    if (chunk.length > 0) await post(chunk);
  };
}
