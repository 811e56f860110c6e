import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compilePrompt, Sightline, verifySignature } from "../../../sdk/typescript/src/index.js";
import { fakeFetch, hangingFetch, KEYS } from "./fake-fetch";

/** The cases every SDK passes (sdk/conformance/cases.json), so the three cannot drift apart. */
const cases = JSON.parse(readFileSync(new URL("../../../sdk/conformance/cases.json", import.meta.url), "utf8")) as {
  compile: {
    name: string;
    content: any;
    variables: Record<string, string | number | boolean>;
    placeholders: Record<string, { role: string; content: string }[]>;
    expected: unknown;
  }[];
  signatures: {
    name: string;
    secret: string;
    timestamp: string;
    body: string;
    signature: string;
    now: number;
    toleranceSeconds?: number;
    valid: boolean;
  }[];
  batching: {
    maxBatchEvents: number;
    flushIntervalMs: number;
    maxQueuedEvents: number;
    cases: {
      name: string;
      enqueue: number;
      expectBatches?: number[];
      paused?: boolean;
      expectQueued?: number;
      expectDropped?: number;
    }[];
  };
};

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("sdk/conformance/cases.json, TypeScript SDK", () => {
  it.each(cases.compile.map((c) => [c.name, c] as const))("compile: %s", (_, c) => {
    expect(compilePrompt(c.content, c.variables, c.placeholders)).toEqual(c.expected);
  });

  it.each(cases.signatures.map((c) => [c.name, c] as const))("signature: %s", async (_, c) => {
    const now = new Date(c.now * 1000);
    const valid =
      c.toleranceSeconds === undefined
        ? await verifySignature(c.secret, c.timestamp, c.body, c.signature, { now })
        : await verifySignature(c.secret, c.timestamp, c.body, c.signature, {
            now,
            toleranceSeconds: c.toleranceSeconds,
          });

    expect(valid).toBe(c.valid);
  });

  it("uses the shared batching settings as its defaults", async () => {
    const { fetch, batches } = fakeFetch();
    const client = new Sightline({ ...KEYS, fetch, flushOnExit: false, onError: () => {} });

    const started = performance.now();
    for (let i = 0; i < cases.batching.maxBatchEvents - 1; i++) client.trace();
    while (batches().length === 0 && performance.now() - started < 5000)
      await new Promise((resolve) => setTimeout(resolve, 10));

    expect(performance.now() - started).toBeGreaterThanOrEqual(cases.batching.flushIntervalMs - 5);
    expect(batches().map((b) => b.length)).toEqual([cases.batching.maxBatchEvents - 1]);
    await client.shutdown();
  });

  it.each(cases.batching.cases.map((c) => [c.name, c] as const))("batching: %s", async (_, c) => {
    const service = c.paused ? hangingFetch() : { ...fakeFetch(), release: () => {} };
    const client = new Sightline({ ...KEYS, fetch: service.fetch, flushOnExit: false, onError: () => {} });

    for (let i = 0; i < c.enqueue; i++) client.event({ traceId: "t", name: `e${i}` });
    await tick();

    if (c.paused) {
      expect(client.stats()).toMatchObject({ queued: c.expectQueued, dropped: c.expectDropped });
      service.release();
      const closing = client.shutdown();
      for (let i = 0; i < 200 && client.pendingEvents > 0; i++) {
        await tick();
        service.release();
      }
      await closing;
      expect(client.stats()).toMatchObject({ queued: 0, sent: c.expectQueued, dropped: c.expectDropped });
    } else {
      const full = c.expectBatches!.filter((n) => n === cases.batching.maxBatchEvents).length;
      expect(service.batches().map((b) => b.length)).toEqual(c.expectBatches!.slice(0, full));
      await client.flush();
      expect(service.batches().map((b) => b.length)).toEqual(c.expectBatches);
      await client.shutdown();
    }
  });
});
