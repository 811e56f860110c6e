import { Readable } from "node:stream";
import { type ClickHouseClient, type ClickHouseSettings, createClient } from "@clickhouse/client";
import type { TelemetryStore } from "../../platform/ports";
import { type ClickHouseCluster, clusterCommand, clusterSettings } from "./cluster";

/** A ClickHouse server reached over HTTP(S). */
export interface ClickHouseServerOptions {
  url: string;
  username?: string;
  password?: string;
  /** The database every statement runs in; `default` when omitted. */
  database?: string;
  /** A self-managed cluster: DDL on every node, replicated (and sharded) tables (docs/deployment.md). */
  cluster?: ClickHouseCluster;
}

/** Embedded chDB bound to a data directory; statements run in `default`. */
export interface ChdbOptions {
  chdbPath: string;
}

export type ClickHouseTelemetryStoreOptions = ClickHouseServerOptions | ChdbOptions;

/**
 * Sent with every statement so both transports answer alike:
 * - 64-bit integers come back as JSON strings (a server's default, not chDB's);
 * - DateTime values render in UTC whatever the host's TZ (chDB takes the host's);
 * - inserts accept ISO 8601 with `Z` (and epoch milliseconds) for DateTime64;
 * - `ALTER … DELETE/UPDATE` returns once the mutation is done, so jobs and tests see its effect;
 * - FINAL folds each partition on its own: the telemetry tables keep every row of an entity in
 *   one partition (migration 0003), so a partition holding one part is read without a merge;
 * - one insert may touch any number of day partitions (late updates of old traces);
 * - `/` is not escaped in JSON text, as JavaScript's JSON does not escape it: JSON the store writes whole (an
 *   export's lines, docs/export.md) reads as ours does.
 */
const SETTINGS: ClickHouseSettings = {
  output_format_json_quote_64bit_integers: 1,
  session_timezone: "UTC",
  date_time_input_format: "best_effort",
  mutations_sync: "1",
  do_not_merge_across_partitions_select_final: 1,
  max_partitions_per_insert_block: "0",
  output_format_json_escape_forward_slashes: 0,
};

/** The settings a raw chDB insert states itself (the client adds SETTINGS to what goes through it). */
const RAW_SETTINGS = Object.fromEntries(
  Object.entries(SETTINGS).filter((e): e is [string, string | number] => ["string", "number"].includes(typeof e[1])),
);

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A table, optionally in a database (`db.table`), as `@clickhouse/client`'s insert names it. */
const TABLE = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/;

interface Opened {
  client: ClickHouseClient;
  /** chDB's own streaming read; absent on a server, where the client streams the HTTP body. */
  chdbStream?: ChdbStreams;
  /** chDB's insert of JSONEachRow bytes handed to the engine without a copy; absent on a server. */
  chdbRaw?: (table: string, jsonEachRow: string | Uint8Array) => Promise<void>;
  /** Resolves once the transport has let go of its resources. */
  release(): Promise<void>;
}

/**
 * {@link TelemetryStore} over `@clickhouse/client`, talking to a server over HTTP or
 * to embedded chDB through `chdb/connection`: one SQL dialect, two transports.
 * The connection opens on first use, so constructing a store does no I/O.
 *
 * Numbers: UInt64/Int64 (and wider) values, `count()` included, arrive as decimal
 * strings on both transports. Cast in SQL where a JS number is wanted
 * (`toUInt32(count())`, `toFloat64(sum(tokens))`), or convert with `Number()`/`BigInt()`.
 * DateTime64 values arrive as `YYYY-MM-DD hh:mm:ss.sss` strings in UTC.
 *
 * chDB binds one data directory per process: keep one chDB store open at a time
 * and `close()` it before opening another path (a second path is refused while
 * one is open). Two processes cannot share a directory either (`Cannot lock file …/status`).
 */
export class ClickHouseTelemetryStore implements TelemetryStore {
  private opened: Promise<Opened> | undefined;
  private closed = false;

  constructor(private readonly options: ClickHouseTelemetryStoreOptions) {}

  async query<T = Record<string, unknown>>(sql: string, params?: Record<string, unknown>): Promise<T[]> {
    const client = await this.client();
    const result = await client.query({ query: sql, format: "JSONEachRow", query_params: params });
    return result.json<T>();
  }

  async queryLines(sql: string, params?: Record<string, unknown>): Promise<Uint8Array> {
    const client = await this.client();
    // `exec` hands over the answer's bytes as they come: no string is made of them (docs/export.md, "Lines written by the store").
    const { stream } = await client.exec({ query: `${sql}\nFORMAT TabSeparatedRaw`, query_params: params });
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  }

  async *queryStream<T = Record<string, unknown>>(
    sql: string,
    params?: Record<string, unknown>,
    options: { signal?: AbortSignal } = {},
  ): AsyncIterable<T[]> {
    await this.client();
    const opened = (await this.opened)!;
    if (opened.chdbStream) {
      yield* opened.chdbStream.rows<T>(sql, params ?? {}, options.signal);
      return;
    }
    const result = await opened.client.query({
      query: sql,
      format: "JSONEachRow",
      query_params: params,
      abort_signal: options.signal,
    });
    // Each chunk of the HTTP body arrives as the rows it completes; leaving the loop destroys the response.
    for await (const rows of result.stream<T>()) yield rows.map((r) => r.json<T>());
  }

  async insert(table: string, rows: readonly object[]): Promise<void> {
    if (rows.length === 0) return;
    const client = await this.client();
    await client.insert({ table, values: rows as object[], format: "JSONEachRow" });
  }

  async insertEncoded(table: string, jsonEachRow: string | Uint8Array): Promise<void> {
    if (jsonEachRow.length === 0) return;
    if (!TABLE.test(table)) throw new Error(`Invalid ClickHouse table name: ${table}`);
    await this.client();
    const opened = (await this.opened)!;
    // chDB takes bytes as they are (no string built of the statement and its data on this thread, none converted to
    // UTF-8 again: docs/ingest.md, "The local worker"), with the store's settings stated, as the client adds them.
    if (opened.chdbRaw) return opened.chdbRaw(table, jsonEachRow);
    // On a server the text goes out as the statement's data, as `insert` sends what it encodes: the request body.
    const { stream } = await opened.client.exec({
      query: `INSERT INTO ${table} FORMAT JSONEachRow`,
      values: Readable.from([jsonEachRow]),
    });
    for await (const _ of stream);
  }

  async command(sql: string, params?: Record<string, unknown>): Promise<void> {
    const client = await this.client();
    for (const statement of clusterCommand(sql, this.cluster))
      await client.command({ query: statement, query_params: params });
  }

  private get cluster(): ClickHouseCluster | undefined {
    return "cluster" in this.options ? this.options.cluster : undefined;
  }

  /**
   * Creates `database` if missing. A server rejects every request bound to an
   * unknown database, so on a server this goes through a short-lived client bound to none.
   *
   * @throws Error when the name is not a plain identifier.
   */
  async createDatabase(database: string): Promise<void> {
    if (!IDENTIFIER.test(database)) throw new Error(`Invalid ClickHouse database name: ${database}`);
    const sql = `CREATE DATABASE IF NOT EXISTS \`${database}\``;
    if ("chdbPath" in this.options) return this.command(sql);
    const admin = createClient({ ...serverConfig(this.options), database: undefined });
    try {
      for (const statement of clusterCommand(sql, this.cluster)) await admin.command({ query: statement });
    } finally {
      await admin.close();
    }
  }

  /** Closes the connection; for chDB, resolves only once the data directory can be reopened. */
  async close(): Promise<void> {
    this.closed = true;
    const opened = await this.opened?.catch(() => undefined);
    this.opened = undefined;
    if (!opened) return;
    await opened.client.close();
    await opened.release();
  }

  private client(): Promise<ClickHouseClient> {
    if (this.closed) return Promise.reject(new Error("ClickHouseTelemetryStore is closed"));
    // A failed open (e.g. the chDB directory is locked) is not cached, so a later call can retry.
    this.opened ??= open(this.options).catch((e: unknown) => {
      this.opened = undefined;
      throw e;
    });
    return this.opened.then((o) => o.client);
  }
}

async function open(options: ClickHouseTelemetryStoreOptions): Promise<Opened> {
  if (!("chdbPath" in options)) {
    return {
      client: createClient({
        ...serverConfig(options),
        clickhouse_settings: { ...SETTINGS, ...clusterSettings(options.cluster) },
      }),
      release: async () => {},
    };
  }
  // Imported here so server deployments (Lambda) never load chDB's 500 MB native library.
  const [{ createChdbConnection }, chdb] = await Promise.all([import("chdb/connection"), import("chdb")]);
  const connection = createChdbConnection({ path: options.chdbPath });
  // @clickhouse/client and chdb each resolve their own copy of client-common's types; the runtime contract is the same.
  const client = createClient({ connection: connection as never, clickhouse_settings: SETTINGS });
  const chdbStream = new ChdbStreams(chdb.Session, options.chdbPath);
  return {
    client,
    chdbStream,
    chdbRaw: async (table, jsonEachRow) => {
      await connection.chdb.rawInsert({ table, values: jsonEachRow, format: "JSONEachRow", settings: RAW_SETTINGS });
    },
    // The session's close() can return while the engine still holds the directory.
    release: async () => {
      chdbStream.close();
      await chdb.drainPending();
    },
  };
}

type ChdbSession = InstanceType<typeof import("chdb")["Session"]>;

/**
 * Streamed reads on chDB. Its `@clickhouse/client` connection materialises every result before `query()`
 * returns (docs/export.md, "Streamed export"); chDB's own `queryStreamBind` fetches a result chunk by chunk.
 * A session streams one statement at a time, and sessions on the same directory share the engine and its data,
 * so each stream takes an idle session of its own (opened with the store's settings) and gives it back.
 */
class ChdbStreams {
  private readonly idle: ChdbSession[] = [];
  private readonly all = new Set<ChdbSession>();
  private closed = false;

  constructor(
    private readonly Session: new (path: string) => ChdbSession,
    private readonly path: string,
  ) {}

  async *rows<T>(sql: string, params: Record<string, unknown>, signal: AbortSignal | undefined): AsyncIterable<T[]> {
    const session = this.idle.pop() ?? (await this.open());
    try {
      for await (const chunk of session.queryStreamBind(sql, params, { format: "JSONEachRow", signal }))
        yield chunk.rows<T>();
    } finally {
      if (!this.closed) this.idle.push(session);
    }
  }

  /** Closes every session; a stream still running is cancelled (chDB's close() waits for a fetch in flight). */
  close(): void {
    this.closed = true;
    this.idle.length = 0;
    for (const s of this.all) s.close();
    this.all.clear();
  }

  private async open(): Promise<ChdbSession> {
    const session = new this.Session(this.path);
    // SET holds for the session's later statements, as clickhouse_settings do for every statement of the client.
    for (const [name, value] of Object.entries(SETTINGS))
      await session.queryAsync(`SET ${name} = ${typeof value === "number" ? value : `'${String(value)}'`}`);
    this.all.add(session);
    return session;
  }
}

function serverConfig(options: ClickHouseServerOptions) {
  return {
    url: options.url,
    username: options.username,
    password: options.password,
    database: options.database,
    application: "sightline",
  };
}
