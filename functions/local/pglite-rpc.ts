import type { Db } from "@core/platform/db";
import * as schema from "@core/platform/schema";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { types } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import type { Handlers, Rpc } from "./thread-rpc";

/*
 * Embedded Postgres asked across a thread (docs/ingest.md, "The local worker"): PGlite runs on a thread of its own
 * in `npm start`, and the API's thread and the ingest worker's thread each hold a connection to it, a message port
 * over which drizzle's PGlite driver sends its statements and transactions.
 */

/** drizzle's PGlite driver reads these types as text; the serving side maps them as drizzle would in-process. */
const AS_TEXT = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [
    t,
    (v: string) => v,
  ]),
);

/**
 * The `pg.*` calls of one connection, answered by `pglite`. A transaction holds PGlite (its own lock) from `pg.begin`
 * to `pg.end`, as it would in-process; `rollbackOpen` ends what a connection left open when its side went away, so
 * embedded Postgres serves everyone else again.
 */
export function servePglite(pglite: PGlite): { handlers: Handlers; rollbackOpen(): void } {
  let nextTx = 0;
  const transactions = new Map<number, { tx: Transaction; finished: Promise<void>; end(commit: boolean): void }>();
  const clientOf = (txId: number | null) => {
    if (txId === null) return pglite;
    const open = transactions.get(txId);
    if (!open) throw new Error(`No open transaction ${txId}`);
    return open.tx;
  };
  const handlers: Handlers = {
    "pg.query": (txId: number | null, sql: string, params: unknown[], rowMode: "array" | "object" | undefined) =>
      clientOf(txId).query(sql, params, { rowMode, parsers: AS_TEXT }),
    "pg.exec": (txId: number | null, sql: string) => clientOf(txId).exec(sql),
    "pg.begin": () =>
      new Promise<number>((begun, failed) => {
        const id = nextTx++;
        let started = false;
        const finished: Promise<void> = pglite.transaction(
          (tx) =>
            new Promise<void>((commit, rollback) => {
              started = true;
              transactions.set(id, {
                tx,
                finished,
                end: (ok) => (ok ? commit() : rollback(new Error("Rolled back by the connection's thread"))),
              });
              begun(id);
            }),
        );
        finished.then(
          () => transactions.delete(id),
          (e: unknown) => {
            transactions.delete(id);
            if (!started) failed(e);
          },
        );
      }),
    "pg.end": async (txId: number, commit: boolean) => {
      const open = transactions.get(txId);
      if (!open) throw new Error(`No open transaction ${txId}`);
      open.end(commit);
      // Answered once the COMMIT or ROLLBACK ran, so the caller's next statement sees its effect.
      if (commit) await open.finished;
      else await open.finished.catch(() => {});
    },
  };
  return {
    handlers,
    rollbackOpen() {
      for (const open of transactions.values()) open.end(false);
    },
  };
}

/** drizzle over embedded Postgres on another thread, reached through `rpc`. */
export function remotePgliteDb(rpc: Rpc): Db {
  return drizzle({ client: new RemotePglite(rpc) as never, schema }) as unknown as Db;
}

/** The client drizzle's PGlite driver expects, its statements and transactions asked of the thread behind `rpc`. */
class RemotePglite {
  constructor(
    private readonly rpc: Rpc,
    private readonly txId: number | null = null,
  ) {}
  query(sql: string, params?: unknown[], options?: { rowMode?: "array" | "object" }) {
    return this.rpc.call("pg.query", this.txId, sql, params ?? [], options?.rowMode);
  }
  exec(sql: string) {
    return this.rpc.call("pg.exec", this.txId, sql);
  }
  async transaction<T>(fn: (tx: RemotePglite) => Promise<T>): Promise<T> {
    if (this.txId !== null) throw new Error("Nested PGlite transactions go through savepoints");
    const id = await this.rpc.call<number>("pg.begin");
    let result: T;
    try {
      result = await fn(new RemotePglite(this.rpc, id));
    } catch (e) {
      await this.rpc.call("pg.end", id, false).catch(() => {});
      throw e;
    }
    await this.rpc.call("pg.end", id, true);
    return result;
  }
}
