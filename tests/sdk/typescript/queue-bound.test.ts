import { describe, expect, it } from "vitest";
import { type IngestProblem, Sightline } from "../../../sdk/typescript/src/index.js";
import { hangingFetch, KEYS } from "./fake-fetch";

describe("TypeScript SDK: the in-memory queue is bounded", () => {
  it("drops what exceeds maxQueuedEvents (in flight included), counts it and reports it once per burst", async () => {
    const problems: IngestProblem[] = [];
    const service = hangingFetch();
    const sl = new Sightline({
      ...KEYS,
      fetch: service.fetch,
      flushOnExit: false,
      maxQueuedEvents: 250,
      onError: (p) => problems.push(p),
    });

    for (let i = 0; i < 300; i++) sl.trace();
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(sl.stats()).toMatchObject({ queued: 250, dropped: 50, sent: 0 });
    expect(problems).toEqual([
      expect.objectContaining({ kind: "dropped", count: 50, message: expect.stringContaining("250") }),
    ]);

    service.release();
    const closing = sl.shutdown();
    for (let i = 0; i < 50 && sl.pendingEvents > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      service.release();
    }
    await closing;
    expect(sl.stats()).toEqual({ queued: 0, sent: 250, failed: 0, dropped: 50 });
    expect(service.batches().flat()).toHaveLength(250);
  });

  it("never makes the caller wait while the service hangs: the overflow is dropped, not blocked on", () => {
    const service = hangingFetch();
    const sl = new Sightline({ ...KEYS, fetch: service.fetch, flushOnExit: false, onError: () => {} });
    const started = performance.now();

    for (let i = 0; i < 20_000; i++) sl.trace({ name: "t" }).span({ name: "s" }).end();

    expect(performance.now() - started).toBeLessThan(5000);
    expect(sl.stats().queued).toBe(10_000);
    service.release();
  });
});
