import { TokenBuckets } from "@core/ratelimits";
import { describe, expect, it } from "vitest";

const T0 = Date.UTC(2026, 10, 22, 10, 0, 0);

describe("in-memory token buckets", () => {
  it("admits the burst at once, then one request per refilled token", () => {
    const buckets = new TokenBuckets();
    const limit = { rate: 10, burst: 20 };

    const burst = Array.from({ length: 25 }, () => buckets.take("api:k", limit, T0));
    const after100ms = buckets.take("api:k", limit, T0 + 100);
    const again = buckets.take("api:k", limit, T0 + 100);

    expect(burst.filter((w) => w === 0)).toHaveLength(20);
    expect(burst.slice(20)).toEqual([1, 1, 1, 1, 1]);
    expect(after100ms).toBe(0);
    expect(again).toBe(1);
  });

  it("never admits more than rate × seconds + burst over a span", () => {
    const buckets = new TokenBuckets();
    const limit = { rate: 5, burst: 10 };
    let admitted = 0;

    // 100 requests a second for 10 seconds.
    for (let ms = 0; ms < 10_000; ms += 10) if (buckets.take("ingest:p", limit, T0 + ms) === 0) admitted++;

    expect(admitted).toBeLessThanOrEqual(5 * 10 + 10);
    expect(admitted).toBeGreaterThanOrEqual(5 * 10 + 10 - 1);
  });

  it("answers the whole seconds until the next token, at least 1", () => {
    const buckets = new TokenBuckets();
    const slow = { rate: 1, burst: 1 };

    buckets.take("api:slow", slow, T0);
    const wait = buckets.take("api:slow", slow, T0 + 200);

    expect(wait).toBe(1);
    expect(buckets.take("api:slow", slow, T0 + 999)).toBe(1);
    expect(buckets.take("api:slow", slow, T0 + 1000)).toBe(0);
  });

  it("keeps buckets apart", () => {
    const buckets = new TokenBuckets();
    const limit = { rate: 1, burst: 1 };

    const first = buckets.take("api:a", limit, T0);
    const second = buckets.take("api:b", limit, T0);

    expect([first, second]).toEqual([0, 0]);
    expect(buckets.take("api:a", limit, T0)).toBe(1);
  });

  it("refills nothing when the clock steps back", () => {
    const buckets = new TokenBuckets();
    const limit = { rate: 1, burst: 1 };

    buckets.take("api:k", limit, T0 + 5000);
    const back = buckets.take("api:k", limit, T0);

    expect(back).toBe(1);
    expect(buckets.take("api:k", limit, T0 + 6000)).toBe(0);
  });

  it("forgets refilled buckets once it holds many, which changes no answer", () => {
    const buckets = new TokenBuckets(100);
    const limit = { rate: 1, burst: 2 };
    for (let i = 0; i < 100; i++) buckets.take(`api:${i}`, limit, T0);
    buckets.take("api:busy", limit, T0 + 10_000);
    buckets.take("api:busy", limit, T0 + 10_000);

    buckets.take("api:new", limit, T0 + 10_000);

    expect(buckets.size).toBeLessThanOrEqual(3);
    expect(buckets.take("api:busy", limit, T0 + 10_000)).toBe(1);
  });
});
