import { describe, expect, it } from "vitest";
import {
  type IngestProblem,
  request,
  retryDelayMs,
  Sightline,
  SightlineError,
} from "../../../sdk/typescript/src/index.js";
import { accepted, fakeFetch, json, KEYS } from "./fake-fetch";

const rateLimited = (retryAfter: string) =>
  json(429, { error: { code: "rate_limited", message: "slow down" } }, { "retry-after": retryAfter });

describe("TypeScript SDK: retries with backoff", () => {
  it("waits what Retry-After says (seconds or an HTTP date), else backs off exponentially with jitter", () => {
    expect(retryDelayMs(0, "2")).toBe(2000);
    expect(retryDelayMs(3, "0.5")).toBe(500);
    expect(retryDelayMs(0, new Date(Date.UTC(2026, 0, 1, 0, 0, 7)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(7000);
    expect(retryDelayMs(0, "3600")).toBe(60_000);
    for (let attempt = 0; attempt < 5; attempt++) {
      const d = retryDelayMs(attempt, null);
      expect(d).toBeGreaterThanOrEqual(125 * 2 ** attempt);
      expect(d).toBeLessThanOrEqual(250 * 2 ** attempt);
    }
  });

  it("retries an ingest batch on 429 honouring Retry-After and on 503, then delivers it once", async () => {
    const waits: number[] = [];
    const service = fakeFetch((req, i) =>
      i === 0
        ? rateLimited("3")
        : i === 1
          ? json(503, { error: { code: "unavailable", message: "down" } })
          : accepted(req, i),
    );
    const sl = new Sightline({
      ...KEYS,
      fetch: service.fetch,
      flushOnExit: false,
      sleep: async (ms) => void waits.push(ms),
      onError: () => {},
    });

    sl.trace({ name: "x" });
    await sl.flush();

    expect(service.calls).toHaveLength(3);
    expect(waits[0]).toBe(3000);
    expect(waits[1]).toBeGreaterThanOrEqual(250);
    expect(waits[1]).toBeLessThanOrEqual(500);
    expect(new Set(service.batches().map((b) => b[0]!.id)).size).toBe(1);
    expect(sl.stats()).toMatchObject({ sent: 1, failed: 0 });
    await sl.shutdown();
  });

  it("gives up after maxRetries and reports the events as failed, without throwing", async () => {
    const problems: IngestProblem[] = [];
    const service = fakeFetch(() => json(500, { error: { code: "internal", message: "boom" } }));
    const sl = new Sightline({
      ...KEYS,
      fetch: service.fetch,
      flushOnExit: false,
      maxRetries: 2,
      sleep: async () => {},
      onError: (p) => problems.push(p),
    });

    sl.trace();
    sl.trace();
    await sl.flush();

    expect(service.calls).toHaveLength(3);
    expect(problems).toEqual([expect.objectContaining({ kind: "failed", count: 2, status: 500 })]);
    expect(sl.stats()).toMatchObject({ sent: 0, failed: 2, queued: 0 });
    await sl.shutdown();
  });

  it("does not retry a 4xx other than 429 and 408", async () => {
    const service = fakeFetch(() => json(404, { error: { code: "not_found", message: "Dataset 'x' not found" } }));

    const error = await request(KEYS, "GET", "/v1/datasets/x", undefined, {
      fetch: service.fetch,
      sleep: async () => {},
    }).catch((e) => e);

    expect(error).toBeInstanceOf(SightlineError);
    expect(error).toMatchObject({ status: 404, code: "not_found", message: "Dataset 'x' not found" });
    expect(service.calls).toHaveLength(1);
  });

  it("abandons an attempt after timeoutMs: a service that hangs holds no caller longer", async () => {
    const hanging = (async (_: unknown, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init.signal!.addEventListener("abort", () => reject(init.signal!.reason)),
      )) as typeof fetch;
    const started = performance.now();

    const error = await request(KEYS, "GET", "/v1/prompts/p", undefined, {
      fetch: hanging,
      timeoutMs: 100,
      maxRetries: 0,
    }).catch((e) => e);

    expect(performance.now() - started).toBeLessThan(1000);
    expect((error as Error).name).toBe("TimeoutError");
  });
});
