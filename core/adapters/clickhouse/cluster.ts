import type { ClickHouseSettings } from "@clickhouse/client";

/**
 * A self-managed ClickHouse cluster (docs/deployment.md, "ClickHouse beyond one node"). Without one, the
 * statements run as written: one server, or ClickHouse Cloud, whose engines replicate by themselves.
 */
export interface ClickHouseCluster {
  /** The cluster's name in the servers' `remote_servers` configuration. */
  name: string;
  /** Several shards: each table is a `<table>_local` on every node behind a Distributed `<table>`. */
  sharded: boolean;
}

/** Tables every node keeps whole (replicated to all, never sharded): the migrations' own bookkeeping. */
const WHOLE_ON_EVERY_NODE = new Set(["schema_migrations"]);
/**
 * A project lives on one shard: every statement of the service names one project, so each read and delete
 * is complete on that shard (subqueries stay local, docs/deployment.md) and shards spread projects.
 */
const SHARDING_KEY = "cityHash64(project_id)";

const quote = (name: string) => `'${name.replace(/'/g, "''")}'`;
const onCluster = (cluster: ClickHouseCluster) => `ON CLUSTER ${quote(cluster.name)}`;
/** Drops leading comment lines, which the migration files put before their first statement. */
const body = (statement: string) => statement.replace(/^(?:\s*--[^\n]*\n)*/, "").trim();
const sharded = (table: string, cluster: ClickHouseCluster) => cluster.sharded && !WHOLE_ON_EVERY_NODE.has(table);
const local = (table: string, cluster: ClickHouseCluster) => (sharded(table, cluster) ? `${table}_local` : table);

/** The Replicated engine with the usual macros; `{uuid}` keeps a renamed table's replica path its own. */
function replicated(engine: string, table: string, cluster: ClickHouseCluster): string {
  const path =
    sharded(table, cluster) || !cluster.sharded ? "/clickhouse/tables/{shard}/{uuid}" : "/clickhouse/tables/all/{uuid}";
  return `Replicated${engine}(${quote(path)}, '{replica}')`;
}

const distributed = (table: string, cluster: ClickHouseCluster) =>
  `CREATE TABLE IF NOT EXISTS ${table} ${onCluster(cluster)} AS ${table}_local ENGINE = Distributed(${quote(cluster.name)}, currentDatabase(), ${quote(`${table}_local`)}, ${SHARDING_KEY})`;

function createTable(text: string, cluster: ClickHouseCluster): string[] {
  const match = /^CREATE TABLE IF NOT EXISTS (\w+) \(/.exec(text);
  if (!match) throw new Error(`Cluster DDL: cannot read this CREATE statement: ${text.slice(0, 80)}`);
  const table = match[1]!;
  const engine = /ENGINE = (\w*MergeTree)\b(?!\()/.exec(text);
  if (!engine) throw new Error(`Cluster DDL: table ${table} needs a MergeTree engine without arguments to replicate`);
  const created = text
    .replace(match[0], `CREATE TABLE IF NOT EXISTS ${local(table, cluster)} ${onCluster(cluster)} (`)
    .replace(engine[0], `ENGINE = ${replicated(engine[1]!, table, cluster)}`);
  return sharded(table, cluster) ? [created, distributed(table, cluster)] : [created];
}

function alterTable(text: string, cluster: ClickHouseCluster): string[] {
  const [, table, rest] = /^ALTER TABLE (\w+) ([\s\S]*)$/.exec(text)!;
  const onLocal = `ALTER TABLE ${local(table!, cluster)} ${onCluster(cluster)} ${rest}`;
  // A Distributed table only holds the column list: it takes new columns, not settings or projections.
  return sharded(table!, cluster) && /^ADD COLUMN\b/.test(rest!)
    ? [onLocal, `ALTER TABLE ${table} ${onCluster(cluster)} ${rest}`]
    : [onLocal];
}

function dropTable(text: string, cluster: ClickHouseCluster): string[] {
  const [, table] = /^DROP TABLE IF EXISTS (\w+)$/.exec(text)!;
  const drop = (name: string) => `DROP TABLE IF EXISTS ${name} ${onCluster(cluster)} SYNC`;
  return sharded(table!, cluster) ? [drop(table!), drop(`${table}_local`)] : [drop(table!)];
}

/** A sharded rename moves the local tables, then points new Distributed tables at them (the old ones name the old locals). */
function renameTables(text: string, cluster: ClickHouseCluster): string[] {
  const pairs = /^RENAME TABLE (.+)$/s
    .exec(text)![1]!
    .split(",")
    .map((p) => p.trim().split(/\s+TO\s+/) as [string, string]);
  if (!cluster.sharded) return [`${text} ${onCluster(cluster)}`];
  const renamed = `RENAME TABLE ${pairs.map(([from, to]) => `${from}_local TO ${to}_local`).join(", ")} ${onCluster(cluster)}`;
  const names = [...new Set(pairs.flat())];
  return [
    renamed,
    ...names.map((n) => `DROP TABLE IF EXISTS ${n} ${onCluster(cluster)} SYNC`),
    ...pairs.map(([, to]) => distributed(to, cluster)),
  ];
}

/**
 * One migration statement as the cluster runs it: DDL on every node (`ON CLUSTER`), MergeTree engines
 * replicated, and when sharded a local table per node behind a Distributed table of the plain name. Inserts
 * and selects are left as written: they go through the Distributed (or replicated) tables.
 *
 * @throws Error for DDL this translation does not know, so a new kind of migration statement is decided on
 * rather than run on one node only.
 */
export function clusterStatements(statement: string, cluster: ClickHouseCluster | undefined): string[] {
  if (!cluster) return [statement];
  const text = body(statement);
  if (/^CREATE TABLE/.test(text)) return createTable(text, cluster);
  if (/^ALTER TABLE/.test(text)) return alterTable(text, cluster);
  if (/^DROP TABLE/.test(text)) return dropTable(text, cluster);
  if (/^RENAME TABLE/.test(text)) return renameTables(text, cluster);
  if (/^CREATE DATABASE IF NOT EXISTS \S+$/.test(text)) return [`${text} ${onCluster(cluster)}`];
  if (/^(INSERT|SELECT)\b/.test(text)) return [statement];
  throw new Error(`Cluster DDL: no translation for: ${text.slice(0, 80)}`);
}

/**
 * A row deletion of the service as the cluster runs it. Replicated tables replicate mutations themselves; on a
 * sharded cluster the mutation goes to every node's local table, since a Distributed table takes none.
 */
export function clusterMutation(sql: string, cluster: ClickHouseCluster | undefined): string {
  if (!cluster?.sharded) return sql;
  return sql
    .replace(
      /^DELETE FROM (\w+) WHERE/,
      (_, table: string) => `DELETE FROM ${local(table, cluster)} ${onCluster(cluster)} WHERE`,
    )
    .replace(
      /^ALTER TABLE (\w+) (DELETE|UPDATE)\b/,
      (_, table: string, kind: string) => `ALTER TABLE ${local(table, cluster)} ${onCluster(cluster)} ${kind}`,
    );
}

const MUTATION = /^(DELETE FROM \w+ WHERE|ALTER TABLE \w+ (DELETE|UPDATE)\b)/;

/**
 * What a statement of the service (not a migration) becomes on the cluster: a deletion as
 * {@link clusterMutation}, DDL (the migration step's clean-up) as {@link clusterStatements}, the rest as it is.
 */
export function clusterCommand(sql: string, cluster: ClickHouseCluster | undefined): string[] {
  if (!cluster) return [sql];
  const text = body(sql);
  if (MUTATION.test(text)) return [clusterMutation(text, cluster)];
  return /^(CREATE|ALTER|DROP|RENAME)\b/.test(text) ? clusterStatements(text, cluster) : [sql];
}

/**
 * Settings every statement carries on a cluster: deletes wait for every replica (read-your-deletes); a
 * mutation may hold a subquery (its replicas replay it); inserts into a Distributed table return once the
 * shards hold the rows, so the worker acknowledges a batch only when it is stored; subqueries read the
 * local shard, which holds the whole project, and a query naming one project reaches its shard alone.
 */
export function clusterSettings(cluster: ClickHouseCluster | undefined): ClickHouseSettings {
  if (!cluster) return {};
  const common: ClickHouseSettings = { mutations_sync: "2", allow_nondeterministic_mutations: 1 };
  return cluster.sharded
    ? { ...common, insert_distributed_sync: 1, distributed_product_mode: "local", optimize_skip_unused_shards: 1 }
    : common;
}
