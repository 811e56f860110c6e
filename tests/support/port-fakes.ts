import { Caches } from "@core/platform/cache";
import type { Config } from "@core/platform/config";
import type { Db } from "@core/platform/db";
import type { Deps } from "@core/platform/deps";
import type { BlobStore, JobQueue, OutgoingMessage } from "@core/platform/ports";
import { getTableName, type Table } from "drizzle-orm";

/*
 * In-memory stand-ins for the ports a use case takes, for unit-speed tests of domain rules (integration tests use the
 * real stores). Each fake writes what it was asked to do into a shared journal, so a test can assert the order of
 * the steps; a fake told to fail throws instead of doing its step.
 */

export type Journal = string[];

export class FakeFailure extends Error {}

/** A blob store holding objects in a map; `put` finishes one turn of the event loop after it starts. */
export function memoryBlobs(journal: Journal, options: { failPut?: boolean } = {}) {
  const objects = new Map<string, string>();
  const blobs = {
    async put(key: string, body: Uint8Array | string) {
      journal.push(`put started ${key}`);
      await new Promise((resolve) => setImmediate(resolve));
      if (options.failPut) throw new FakeFailure(`put ${key} failed`);
      objects.set(key, typeof body === "string" ? body : new TextDecoder().decode(body));
      journal.push(`put done ${key}`);
    },
  } as Pick<BlobStore, "put"> as BlobStore;
  return { blobs, objects };
}

/** A queue keeping what it was sent. */
export function memoryQueue(journal: Journal, name: string, options: { failSend?: boolean } = {}) {
  const sent: OutgoingMessage[] = [];
  const queue = {
    async send(messages: OutgoingMessage[]) {
      journal.push(`send ${name}`);
      if (options.failSend) throw new FakeFailure(`send to ${name} failed`);
      sent.push(...messages);
    },
  } as Pick<JobQueue, "send"> as JobQueue;
  return { queue, sent };
}

/**
 * A relational store answering every `select().from(table)…` with the rows given for that table (by its SQL name),
 * whatever the conditions: the fake stands for a store already scoped to the project under test.
 */
export function rowsDb(rows: Record<string, readonly object[]>): Db {
  const select = () => ({
    from(table: Table) {
      const found = rows[getTableName(table)] ?? [];
      const query: Promise<readonly object[]> & { where: () => typeof query; orderBy: () => typeof query } =
        Object.assign(Promise.resolve(found), { where: () => query, orderBy: () => query });
      return query;
    },
  });
  return { select } as unknown as Db;
}

/** Ids in order (`id-1`, `id-2`, …) and a fixed clock, so keys and timestamps are known in advance. */
export function fixedClockAndIds(now = new Date("2026-11-27T10:00:00.000Z")): Pick<Deps, "clock" | "ids"> {
  let next = 0;
  return {
    clock: { now: () => now } as Deps["clock"],
    ids: { uuid: () => `id-${++next}` } as Deps["ids"],
  };
}

/** A configuration whose relational store is shared, so nothing is cached between calls. */
export const sharedStoreConfig = { ownsRelationalStore: false } as Config;

export const freshCaches = () => new Caches();
