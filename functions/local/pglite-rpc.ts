import type { Db } from "@core/platform/db";
import * as schema from "@core/platform/schema";
import { drizzle } from "drizzle-orm/pglite";
import type { Rpc } from "./thread-rpc";

/*
 * Embedded Postgres asked across a thread (docs/ingest.md, "The local worker"): PGlite runs on a thread of its own
 * in `npm start`, and the API's thread and the ingest worker's thread each hold a connection to it, a message port
 * over which drizzle's PGlite driver sends its statements and transactions. The thread answers them with
 * `servePglite` (./pglite-serve.ts).
 */

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
