import { fileURLToPath } from "node:url";
import type { PostgresHandle } from "@core/adapters/postgres/migrate";
import { openPglite } from "@core/adapters/postgres/pglite";
import { openPostgresJs } from "@core/adapters/postgres/postgres-js";
import { rateLimitWindows } from "@core/platform/schema";
import { SharedLeases } from "@core/ratelimits";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../../support/scratch-db";

const MIGRATIONS = fileURLToPath(new URL("../../../migrations/postgres", import.meta.url));
/** A window start in whole seconds, so `window(n)` is the n-th second after it. */
const T0 = Date.UTC(2026, 10, 22, 10, 0, 0);
const at = (seconds: number, ms = 0) => T0 + seconds * 1000 + ms;

/**
 * Two instances of a deployment, each with its own leases, over one database: what they admit together must
 * respect one bucket (docs/rate-limits.md, "Many instances").
 */
function describeSharedLeases(
  name: string,
  open: () => Promise<{ one: PostgresHandle; two: PostgresHandle; close(): Promise<void> }>,
) {
  describe(`shared leases: ${name}`, () => {
    let stores: Awaited<ReturnType<typeof open>>;
    let run = 0;
    const bucket = () => `ingest:test-${process.pid}-${Date.now()}-${run++}`;
    beforeAll(async () => {
      stores = await open();
    });
    afterAll(() => stores?.close());

    /** Interleaves `perInstance` requests of each instance at `now`; returns how many each admitted. */
    async function rush(
      instances: SharedLeases[],
      key: string,
      limit: { rate: number; burst: number },
      now: number,
      perInstance: number,
    ) {
      const dbs = [stores.one.db, stores.two.db];
      const waits = await Promise.all(
        instances.flatMap((leases, i) =>
          Array.from({ length: perInstance }, () => leases.take(dbs[i]!, key, limit, now)),
        ),
      );
      return instances.map((_, i) => waits.slice(i * perInstance, (i + 1) * perInstance).filter((w) => w === 0).length);
    }

    it("together never admit more than rate + burst in a window, nor more than a token bucket over a span", async () => {
      const instances = [new SharedLeases(), new SharedLeases()];
      const key = bucket();
      const limit = { rate: 10, burst: 30 };

      const perSecond = [];
      for (let s = 0; s <= 5; s++)
        perSecond.push((await rush(instances, key, limit, at(s, 500), 40)).reduce((a, b) => a + b));

      for (const n of perSecond) expect(n).toBeLessThanOrEqual(limit.rate + limit.burst);
      expect(perSecond[0]).toBeGreaterThan(limit.rate);
      expect(perSecond.reduce((a, b) => a + b)).toBeLessThanOrEqual(limit.burst + 5 * limit.rate);
      expect(perSecond.slice(1).every((n) => n > 0)).toBe(true);
    });

    it("never admit more than rate + burst in a window when requests spread over it, and both instances get some", async () => {
      const instances = [new SharedLeases(), new SharedLeases()];
      const key = bucket();
      const limit = { rate: 20, burst: 40 };
      const perSecond = [
        [0, 0],
        [0, 0],
        [0, 0],
      ];

      for (let ms = 0; ms < 3000; ms += 25) {
        const [a, b] = await rush(instances, key, limit, at(0, ms), 3);
        perSecond[Math.floor(ms / 1000)]![0]! += a!;
        perSecond[Math.floor(ms / 1000)]![1]! += b!;
      }

      for (const [a, b] of perSecond) expect(a! + b!).toBeLessThanOrEqual(limit.rate + limit.burst);
      expect(perSecond.flat().reduce((a, b) => a + b)).toBeLessThanOrEqual(limit.burst + 2 * limit.rate);
      expect(perSecond.every(([a, b]) => a! > 0 && b! > 0)).toBe(true);
    });

    it("answers the seconds until the next window, which admits again", async () => {
      const leases = new SharedLeases();
      const key = bucket();
      const limit = { rate: 1, burst: 2 };
      const db = stores.one.db;

      const waits = [
        await leases.take(db, key, limit, at(0)),
        await leases.take(db, key, limit, at(0, 100)),
        await leases.take(db, key, limit, at(0, 200)),
      ];
      const next = await leases.take(db, key, limit, at(1));

      expect(waits).toEqual([0, 0, 1]);
      expect(next).toBe(0);
    });

    it("refills a bucket that was idle, and deletes windows older than a minute", async () => {
      const leases = new SharedLeases();
      const key = bucket();
      const limit = { rate: 1, burst: 3 };
      const db = stores.one.db;
      await rush([leases], key, limit, at(0), 5);

      const later = await rush([leases], key, limit, at(61), 5);

      expect(later).toEqual([3]);
      const old = await db
        .select()
        .from(rateLimitWindows)
        .where(and(eq(rateLimitWindows.bucket, key), eq(rateLimitWindows.windowStart, at(0) / 1000)));
      expect(old).toEqual([]);
    });
  });
}

describeSharedLeases("PGlite in memory", async () => {
  const handle = await openPglite();
  await handle.migrate(MIGRATIONS);
  return { one: handle, two: handle, close: () => handle.close() };
});

const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  // Two pools, as two Lambda instances would hold.
  describeSharedLeases("Postgres server", async () => {
    const scratch = await createScratchDatabase(serverUrl);
    const url = scratch?.url ?? serverUrl;
    const one = openPostgresJs({ url, max: 2 });
    const two = openPostgresJs({ url, max: 2 });
    await one.migrate(MIGRATIONS);
    return {
      one,
      two,
      async close() {
        await Promise.all([one.close(), two.close()]);
        await scratch?.drop();
      },
    };
  });
}
