import type { PendingWork } from "../_runtime/outbox-hook";

/**
 * Delivery runs in flight at once: while one run's attempts are out, the next leases its page, so the statements
 * around a run (its lease, its outcomes) no longer stand between one page's POSTs and the next's. Leases keep two runs
 * off each other's deliveries (docs/automations.md, "Deliveries and retries").
 */
const DELIVERY_RUNS = 2;

type Log = { error(message: string, extra?: Record<string, unknown>): void };

/**
 * The local runtime's background (docs/automations.md, "Events"): relays outbox events as soon as a request or job
 * appended them, then flushes the event sink, one relay at a time (a kick during one makes one more); and attempts the
 * deliveries a job recorded due at once, up to `DELIVERY_RUNS` runs at a time, as long as kicks come or a run leases
 * a full page.
 */
export function backgroundRelay(scheduler: { trigger(name: string): Promise<unknown> }, log: Log) {
  let relaying: Promise<void> | null = null;
  let relayWanted = false;
  const runs = new Set<Promise<void>>();
  let deliverWanted = false;
  const failed = (what: string) => (e: unknown) =>
    log.error(`${what} failed`, { error: e instanceof Error ? e.message : String(e) });

  const relay = () => {
    if (relaying || !relayWanted) return;
    relaying = (async () => {
      while (relayWanted) {
        relayWanted = false;
        await scheduler.trigger("relay-outbox");
        await scheduler.trigger("flush-event-sink");
      }
    })()
      .catch(failed("outbox relay"))
      .finally(() => (relaying = null));
  };

  const deliver = () => {
    while (deliverWanted && runs.size < DELIVERY_RUNS) {
      deliverWanted = false;
      const run: Promise<void> = scheduler
        .trigger("deliver-automations")
        .then((result) => {
          if ((result as { more?: boolean } | undefined)?.more) deliverWanted = true;
        })
        .catch(failed("delivery run"))
        .finally(() => {
          runs.delete(run);
          deliver();
        });
      runs.add(run);
    }
  };

  return {
    kick(work: PendingWork = { relay: true, deliver: false }): void {
      relayWanted ||= work.relay;
      deliverWanted ||= work.deliver;
      relay();
      deliver();
    },
    /** Resolves when nothing runs: no relay, no delivery run, and none that those started. */
    async idle(): Promise<void> {
      while (relaying || runs.size) await Promise.all([relaying, ...runs]);
    },
  };
}
