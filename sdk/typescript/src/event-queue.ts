import type { QueuedEvent } from "./events.js";
import type { OnError } from "./problems.js";

export interface QueueSettings {
  /** A batch leaves as soon as this many events wait (default 100). */
  flushAt: number;
  /** Fewer events leave this long after the first of them arrived (default 1 s). */
  flushIntervalMs: number;
  /** Events accepted and not yet delivered, at most (default 10,000); the overflow is dropped and counted. */
  maxQueuedEvents: number;
  /** Batches in flight at once (default 4): the service merges events whatever order they arrive in. */
  maxConcurrentRequests: number;
}

// deliver reports its own failures; a rejection here would only stall the queue.
const ignore = () => undefined;

export const DEFAULT_QUEUE: QueueSettings = {
  flushAt: 100,
  flushIntervalMs: 1000,
  maxQueuedEvents: 10_000,
  maxConcurrentRequests: 4,
};

interface InFlight {
  /** Position of its first event among all accepted events, so flush() waits only for what came before it. */
  first: number;
  size: number;
  done: Promise<void>;
}

/**
 * The bounded in-memory queue between the caller and the service. `push` only appends and maybe
 * schedules a send, so the caller's cost is a few hundred nanoseconds; sending happens off its path.
 * `deliver` must never reject: it reports its own failures.
 */
export class EventQueue {
  private queue: QueuedEvent[] = [];
  private readonly inFlight = new Set<InFlight>();
  private accepted = 0;
  private taken = 0;
  private flying = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sendScheduled = false;
  /** Set by the interval timer or flush(): send partial batches too until the queue is empty. */
  private drainAll = false;
  private closed = false;
  private droppedTotal = 0;
  private droppedUnreported = 0;
  private dropReason = "";

  constructor(
    private readonly settings: QueueSettings,
    private readonly deliver: (events: QueuedEvent[]) => Promise<void>,
    private readonly report: OnError,
  ) {}

  /** Events accepted and not yet delivered (queued or in flight). */
  get pending(): number {
    return this.queue.length + this.flying;
  }

  get dropped(): number {
    return this.droppedTotal;
  }

  /** False when the event was dropped (queue full or shut down); it is counted and reported. */
  push(event: QueuedEvent): boolean {
    if (this.closed || this.pending >= this.settings.maxQueuedEvents) {
      this.drop(this.closed ? "the client was shut down" : `the queue holds ${this.settings.maxQueuedEvents} events`);
      return false;
    }
    this.queue.push(event);
    this.accepted++;
    if (this.queue.length >= this.settings.flushAt) this.scheduleSend();
    else if (!this.timer) this.armTimer();
    return true;
  }

  /** Resolves once every event accepted before the call is delivered or reported as failed. */
  async flush(): Promise<void> {
    const target = this.accepted;
    this.drainAll = true;
    this.pump();
    for (;;) {
      const waiting = [...this.inFlight].filter((r) => r.first < target);
      if (waiting.length === 0) {
        if (this.taken >= target) break;
        this.pump();
        continue;
      }
      await Promise.race(waiting.map((r) => r.done));
    }
    this.reportDropped();
  }

  /** Refuses new events, then delivers the rest. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }

  private drop(reason: string) {
    this.droppedTotal++;
    this.dropReason = reason;
    // One report per burst: a full queue under load would otherwise call back thousands of times.
    if (this.droppedUnreported++ === 0) setTimeout(() => this.reportDropped(), 0);
  }

  private reportDropped() {
    if (this.droppedUnreported === 0) return;
    const count = this.droppedUnreported;
    this.droppedUnreported = 0;
    this.report({
      kind: "dropped",
      count,
      message: `${count} events dropped: ${this.dropReason} (${this.droppedTotal} in all)`,
    });
  }

  private armTimer() {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.drainAll = true;
      this.pump();
    }, this.settings.flushIntervalMs);
    // The timer must not keep a Node process alive: the exit hook flushes instead.
    (this.timer as { unref?: () => void }).unref?.();
  }

  private scheduleSend() {
    if (this.sendScheduled) return;
    this.sendScheduled = true;
    // After the caller's synchronous work, not inside its call.
    queueMicrotask(() => {
      this.sendScheduled = false;
      this.pump();
    });
  }

  private pump() {
    const { flushAt, maxConcurrentRequests } = this.settings;
    while (
      this.inFlight.size < maxConcurrentRequests &&
      (this.queue.length >= flushAt || (this.drainAll && this.queue.length > 0))
    ) {
      const batch = this.queue.splice(0, flushAt);
      const request: InFlight = { first: this.taken, size: batch.length, done: Promise.resolve() };
      this.taken += batch.length;
      this.flying += batch.length;
      request.done = this.deliver(batch)
        .then(ignore, ignore)
        .then(() => {
          this.inFlight.delete(request);
          this.flying -= request.size;
          this.pump();
        });
      this.inFlight.add(request);
    }
    if (this.queue.length === 0) this.drainAll = false;
    else if (!this.timer && !this.drainAll) this.armTimer();
  }
}
