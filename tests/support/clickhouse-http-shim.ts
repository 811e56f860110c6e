import { once } from "node:events";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

/**
 * A small ClickHouse HTTP-protocol server over embedded chDB, for tests that must talk to "a ClickHouse
 * server" over the wire (the Lambda bundles, the server contract suite) where none runs. It speaks what
 * `@clickhouse/client` sends: the SQL in the body or in `?query=` (then the body is the insert's data),
 * `param_*` query parameters, other URL parameters as settings, gzip request bodies, `GET /ping`; it
 * answers with `X-ClickHouse-*` headers and errors as ClickHouse writes them
 * (`Code: N. DB::Exception: … (TYPE)` with status 500 and `X-ClickHouse-Exception-Code`).
 * chDB allows one data directory per process: one shim per test process.
 */

/** URL parameters that are protocol, not settings. */
const PROTOCOL = new Set([
  "query",
  "database",
  "query_id",
  "session_id",
  "session_timeout",
  "session_check",
  "user",
  "password",
  "default_format",
  "compress",
  "decompress",
  "role",
]);

interface ChdbConnectionLike {
  query(params: Record<string, unknown>): Promise<{ stream: AsyncIterable<Buffer> }>;
  insert(params: Record<string, unknown>): Promise<unknown>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  return (req.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString("utf8");
}

const ESCAPES: Record<string, string> = {
  "\\": "\\",
  "'": "'",
  t: "\t",
  n: "\n",
  r: "\r",
  b: "\b",
  f: "\f",
  "0": "\0",
};

/**
 * A parameter's value as a server reads it. `@clickhouse/client` sends a scalar in ClickHouse's escaped text form
 * (`\\`, `\'`, `\t`, `\n`, `\r`), which a server decodes and chDB's bind takes as it is; arrays, tuples and maps
 * are literals whose quoted strings chDB parses itself.
 */
function paramValue(sql: string, name: string, value: string): string {
  const type = sql.match(new RegExp(`\\{${name}\\s*:\\s*([A-Za-z]+)`))?.[1];
  if (type === "Array" || type === "Tuple" || type === "Map") return value;
  return value.replace(/\\(.)/g, (sequence, c: string) => ESCAPES[c] ?? sequence);
}

const FORMAT = /\bFORMAT\s+([A-Za-z]+)\s*;?\s*$/i;

export interface ClickHouseShim {
  url: string;
  /** Statements received, in order (for tests that check what went over the wire). */
  statements: string[];
  stop(): Promise<void>;
}

export async function startClickHouseShim(chdbPath: string): Promise<ClickHouseShim> {
  const [{ createChdbConnection }, { drainPending }] = await Promise.all([import("chdb/connection"), import("chdb")]);
  const connection = createChdbConnection({ path: chdbPath }) as unknown as ChdbConnectionLike;
  const statements: string[] = [];
  let queries = 0;
  // chDB runs one statement at a time, and `USE` is session state: requests take turns.
  let turn: Promise<unknown> = Promise.resolve();
  let currentDatabase = "default";
  const switchDatabase = async (database: string) => {
    if (database === currentDatabase) return;
    for await (const _ of (await connection.query({ query: `USE \`${database.replace(/`/g, "")}\`` })).stream);
    currentDatabase = database;
  };

  const server: Server = createServer((req, res) => {
    turn = turn.then(() => answer(req, res)).catch(() => {});
  });
  const answer = async (req: IncomingMessage, res: import("node:http").ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://shim");
    if (url.pathname === "/ping") return res.writeHead(200, { "content-type": "text/plain" }).end("Ok.\n");
    const queryId = url.searchParams.get("query_id") ?? `shim-${++queries}`;
    try {
      const body = req.method === "POST" ? await readBody(req) : "";
      const inUrl = url.searchParams.get("query");
      const settings: Record<string, string> = {};
      const params: Record<string, string> = {};
      for (const [key, value] of url.searchParams) {
        if (key.startsWith("param_"))
          params[key.slice("param_".length)] = paramValue(inUrl ?? body, key.slice(6), value);
        else if (!PROTOCOL.has(key)) settings[key] = value;
      }
      const common = {
        query_id: queryId,
        clickhouse_settings: settings,
        ...(Object.keys(params).length ? { query_params: params } : {}),
      };
      let output = Buffer.alloc(0);
      const sql = inUrl ?? body;
      statements.push(sql);
      await switchDatabase(url.searchParams.get("database") || "default");
      if (inUrl !== null && body.length > 0) {
        await connection.insert({ ...common, query: inUrl, values: body });
      } else {
        const format = sql.match(FORMAT)?.[1];
        const result = await connection.query({
          ...common,
          query: sql,
          ...(format
            ? {}
            : {
                clickhouse_settings: {
                  ...settings,
                  default_format: url.searchParams.get("default_format") ?? "TabSeparated",
                },
              }),
        });
        const chunks: Buffer[] = [];
        for await (const chunk of result.stream) chunks.push(Buffer.from(chunk));
        output = Buffer.concat(chunks);
      }
      const format = sql.match(FORMAT)?.[1];
      res.writeHead(200, {
        "content-type": format?.startsWith("JSON") ? "application/json; charset=UTF-8" : "text/plain; charset=UTF-8",
        "x-clickhouse-query-id": queryId,
        "x-clickhouse-server-display-name": "chdb-shim",
        "x-clickhouse-summary": JSON.stringify({
          read_rows: "0",
          read_bytes: "0",
          written_rows: "0",
          written_bytes: "0",
          total_rows_to_read: "0",
          result_rows: "0",
          result_bytes: String(output.length),
          elapsed_ns: "0",
        }),
        ...(format ? { "x-clickhouse-format": format } : {}),
      });
      res.end(output);
    } catch (error) {
      const e = error as { code?: string; type?: string; message?: string };
      const code = Number(e.code ?? 1000) || 1000;
      const type = e.type ?? "UNKNOWN_EXCEPTION";
      const message = (e.message ?? String(error)).replace(/^Code: \d+\. DB::Exception: /, "");
      res.writeHead(500, {
        "content-type": "text/plain; charset=UTF-8",
        "x-clickhouse-query-id": queryId,
        "x-clickhouse-exception-code": String(code),
      });
      res.end(`Code: ${code}. DB::Exception: ${message} (${type}) (version 26.7.1.1 (chdb-shim))\n`);
    }
  };
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    statements,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await connection.close();
      await drainPending();
    },
  };
}
