import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basic } from "../../support/local-app";
import { kill, spawnServer } from "../../support/spawn-server";
import { seedDataDir } from "../../support/store-template";

const dataDir = mkdtempSync(join(tmpdir(), "sightline-crash-"));
// A new data directory: it starts from the migrated store template, as startTestApp's do (tests/support/store-template.ts).
beforeAll(() => seedDataDir(dataDir));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const key = { publicKey: "pk-sl-crash", secretKey: "sk-sl-crash" };
const env = {
  SIGHTLINE_DATA_DIR: dataDir,
  SIGHTLINE_INIT_PUBLIC_KEY: key.publicKey,
  SIGHTLINE_INIT_SECRET_KEY: key.secretKey,
};

describe("ingest survives kill -9", () => {
  it("stores exactly the N events that got a 207, once, after a crash and a restart", async () => {
    const traces = Array.from({ length: 30 }, () => randomUUID());
    const perTrace = 10;
    const first = await spawnServer(env);
    try {
      // 30 requests of 10 events in flight together; the process dies right after the last 207.
      const answers = await Promise.all(
        traces.map((traceId) =>
          fetch(`${first.url}/v1/ingest`, {
            method: "POST",
            headers: { authorization: basic(key), "content-type": "application/json" },
            body: JSON.stringify({
              batch: Array.from({ length: perTrace }, (_, i) => ({
                id: randomUUID(),
                type: "span-create",
                timestamp: new Date().toISOString(),
                body: { id: `${traceId}-${i}`, traceId },
              })),
            }),
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as { successes: unknown[] } })),
        ),
      );
      expect(answers.every((a) => a.status === 207 && a.body.successes.length === perTrace)).toBe(true);
    } finally {
      await kill(first, "SIGKILL");
    }

    const second = await spawnServer(env);
    try {
      const counts = new Map<string, number>();
      for (
        let round = 0;
        round < 100 && [...counts.values()].reduce((a, b) => a + b, 0) < traces.length * perTrace;
        round++
      ) {
        for (const traceId of traces) {
          const res = await fetch(`${second.url}/v1/traces/${traceId}`, { headers: { authorization: basic(key) } });
          if (res.status === 200)
            counts.set(traceId, ((await res.json()) as { observations: unknown[] }).observations.length);
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(traces.length * perTrace);
      expect([...counts.values()].every((n) => n === perTrace)).toBe(true);
    } finally {
      await kill(second, "SIGTERM");
    }
  });
});
