/** One delivery's place in a `DeliveryOrder`. */
export interface Turn {
  /** Resolves once every delivery that took its turn earlier has released it. */
  readonly ready: Promise<void>;
  /** Lets the next delivery read the stores; idempotent. */
  release(): void;
}

/**
 * Deliveries of one worker that overlap, applied in the order they started (docs/ingest.md, "The local worker",
 * "Two deliveries overlap in the handler under a backlog"). A delivery decodes and merges its batches at once, waits
 * for its turn only if it reads what earlier deliveries write (orphan updates, pricing's stored half of a generation,
 * the tail rule's earlier decision), and releases its turn as soon as its rows are inserted, so the next one works
 * while it finishes (score events, SDK counts, due evaluations, the acknowledgement). A Lambda instance handles one
 * delivery at a time: its turns are always ready.
 */
export class DeliveryOrder {
  private last: Promise<void> = Promise.resolve();

  /** Takes the next turn; call it before the delivery's first await, so turns follow the order deliveries arrive. */
  take(): Turn {
    const ready = this.last;
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The next turn waits for this one's release and for every earlier one's: a delivery that lets go before its
    // turn came (it failed first) must not let the next pass a delivery still writing.
    this.last = Promise.all([ready, released]).then(() => {});
    return { ready, release };
  }
}

/** A turn that is always ready (a delivery handled alone: tests and hand-drained queues). */
export const ALONE: Turn = { ready: Promise.resolve(), release: () => {} };
