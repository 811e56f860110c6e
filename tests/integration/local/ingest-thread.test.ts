import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";

// The ingest worker drains on its own thread under `npm start` (docs/ingest.md, "The local worker").
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { background: true });
});
afterAll(() => app?.stop());

describe("the local ingest worker's thread", () => {
  it("imports the ingest handler on its own, before any delivery asks for it", async () => {
    // Nothing has been ingested yet: the thread loads the handler from its preload (docs/ingest.md, "The local worker").
    const handler = "functions/workers/ingest.handler";
    let loaded = false;
    for (let i = 0; i < 300 && !loaded; i++) {
      loaded = await app.ingestThread!.handlerLoaded(handler);
      if (!loaded) await new Promise((r) => setTimeout(r, 100));
    }
    expect(loaded).toBe(true);
    expect(await app.ingestThread!.handlerLoaded("functions/workers/eval.handler")).toBe(false);
  });

  it("loses nothing when the thread alone is killed mid-delivery", async () => {
    const thread = app.ingestThread!;
    const first = thread.threadId;
    const ch = app.deps.telemetry;
    const insert = ch.insertEncoded.bind(ch);
    let killed = 0;
    // Killed right after the delivery's first insert landed: part of it is written, none of it acknowledged.
    ch.insertEncoded = async (table, text) => {
      await insert(table, text);
      if (killed++ === 0) await thread.kill();
    };
    const traces = Array.from({ length: 20 }, () => randomUUID());
    const perTrace = 10;
    try {
      const answers = await Promise.all(
        traces.map((traceId) =>
          app.call("POST", "/v1/ingest", {
            body: {
              batch: Array.from({ length: perTrace }, (_, i) => ({
                id: randomUUID(),
                type: "span-create",
                timestamp: new Date().toISOString(),
                body: { id: `${traceId}-${i}`, traceId },
              })),
            },
          }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(traces.map(() => 207));

      const counts = new Map<string, number>();
      const total = () => [...counts.values()].reduce((a, b) => a + b, 0);
      for (let round = 0; round < 150 && total() < traces.length * perTrace; round++) {
        for (const traceId of traces) {
          const res = await app.call("GET", `/v1/traces/${traceId}`);
          if (res.status === 200) counts.set(traceId, (res.body as { observations: unknown[] }).observations.length);
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(killed).toBeGreaterThan(0);
      expect(total()).toBe(traces.length * perTrace);
      expect([...counts.values()].every((n) => n === perTrace)).toBe(true);
      // Another thread took over the deliveries.
      expect(thread.threadId).not.toBe(first);
    } finally {
      ch.insertEncoded = insert;
    }
  });
});
