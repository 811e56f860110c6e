import type { PGlite, Transaction } from "@electric-sql/pglite";
import { types } from "@electric-sql/pglite";
import type { Handlers } from "./thread-rpc";

/*
 * The embedded Postgres thread's side of a connection (./pglite-rpc.ts is the other): PGlite alone, so the thread
 * loads neither drizzle nor the schema.
 */

/**
 * The parsers a served PGlite is created with: drizzle's PGlite driver reads these types as text, and asks for it
 * with each statement in-process. PGlite merges a statement's parsers into its whole table on every statement, which
 * doubled the time of a small one (0.24 against 0.10 ms), so the serving side sets them once instead.
 */
export const TEXT_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [
    t,
    (v: string) => v,
  ]),
);

/**
 * The `pg.*` calls of one connection, answered by `pglite` (created with `TEXT_PARSERS`). A transaction holds PGlite
 * (its own lock) from `pg.begin` to `pg.end`, as it would in-process; `rollbackOpen` ends what a connection left
 * open when its side went away, so embedded Postgres serves everyone else again.
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
      clientOf(txId).query(sql, params, { rowMode }),
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
