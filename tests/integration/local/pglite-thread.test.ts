import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type MessagePort, Worker } from "node:worker_threads";
import { jsonLog } from "@core/adapters/system/json-log";
import { openPgliteThread, type PgliteThread } from "@functions/local/pglite-thread";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Embedded Postgres on its own thread (docs/ingest.md, "The local worker"): each other thread holds a connection of
// its own, and a thread that dies mid-transaction must not leave PGlite locked for everyone else.
let dir: string;
let pg: PgliteThread;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sightline-pglite-thread-"));
  pg = await openPgliteThread(dir, jsonLog({ level: "error" }));
  await pg.db.execute(sql`CREATE TABLE notes (body text)`);
});
afterAll(async () => {
  await pg?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A thread that opens a transaction over `port`, inserts into it and then waits, never ending it. */
function threadHoldingATransaction(port: MessagePort) {
  const script = `
    const { workerData, parentPort } = require("node:worker_threads");
    const port = workerData.port;
    let id = 0;
    const call = (name, ...args) => new Promise((resolve, reject) => {
      const mine = id++;
      const onMessage = (m) => {
        if (m.rpc !== "reply" || m.id !== mine) return;
        port.off("message", onMessage);
        m.ok ? resolve(m.value) : reject(new Error(m.error.message));
      };
      port.on("message", onMessage);
      port.postMessage({ rpc: "call", id: mine, name, args });
    });
    (async () => {
      const tx = await call("pg.begin");
      await call("pg.query", tx, "INSERT INTO notes VALUES ('half-done')", [], "object");
      parentPort.postMessage("holding");
    })();`;
  return new Worker(script, { eval: true, workerData: { port }, transferList: [port] });
}

describe("embedded Postgres on its own thread", () => {
  it("rolls back what a thread left open when that thread is terminated, and serves the others again", async () => {
    const worker = threadHoldingATransaction(pg.connect());
    await new Promise((resolve) => worker.once("message", resolve));
    await worker.terminate();

    // Without the rollback this statement would wait for the dead thread's transaction forever.
    await pg.db.execute(sql`INSERT INTO notes VALUES ('after')`);
    const rows = (await pg.db.execute(sql`SELECT body FROM notes ORDER BY body`)) as unknown as {
      rows: { body: string }[];
    };
    expect(rows.rows.map((r) => r.body)).toEqual(["after"]);
  });

  it("commits a transaction of this thread and keeps the error fields callers classify by", async () => {
    await pg.db.execute(sql`CREATE UNIQUE INDEX notes_body ON notes (body)`);
    await pg.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO notes VALUES ('kept')`);
    });
    const failure = await pg.db.execute(sql`INSERT INTO notes VALUES ('kept')`).catch((e: unknown) => e);
    expect((failure as { cause?: { code?: string; constraint?: string } }).cause).toMatchObject({
      code: "23505",
      constraint: "notes_body",
    });
  });
});
