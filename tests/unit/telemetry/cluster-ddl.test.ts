import { readdirSync, readFileSync } from "node:fs";
import {
  type ClickHouseCluster,
  clusterCommand,
  clusterSettings,
  clusterStatements,
} from "@core/adapters/clickhouse/cluster";
import { splitStatements } from "@core/adapters/clickhouse/migrate";
import { describe, expect, it } from "vitest";

// The ClickHouse migrations as a self-managed cluster runs them (docs/deployment.md, "ClickHouse beyond one node").
const dir = new URL("../../../migrations/clickhouse/", import.meta.url);
const migration = readdirSync(dir)
  .filter((f) => f.endsWith(".sql"))
  .sort()
  .flatMap((f) => splitStatements(readFileSync(new URL(f, dir), "utf8")));
const BOOKKEEPING =
  "CREATE TABLE IF NOT EXISTS schema_migrations (\n  version UInt32\n) ENGINE = ReplacingMergeTree ORDER BY version";
const replicated: ClickHouseCluster = { name: "sightline", sharded: false };
const sharded: ClickHouseCluster = { name: "sightline", sharded: true };
const translate = (cluster: ClickHouseCluster | undefined) =>
  [BOOKKEEPING, ...migration].flatMap((s) => clusterStatements(s, cluster));
const firstLine = (s: string) =>
  s
    .replace(/^(?:\s*--[^\n]*\n)*/, "")
    .trim()
    .split("\n")[0]!;

/** Replays translated DDL over table names only: which local and Distributed tables exist, and what each Distributed one reads. */
function replay(statements: string[]) {
  const locals = new Set<string>();
  const distributed = new Map<string, string>();
  const exists = (name: string) => locals.has(name) || distributed.has(name);
  const rules: [RegExp, (m: RegExpExecArray) => void][] = [
    [
      /^CREATE TABLE IF NOT EXISTS (\w+) ON CLUSTER 'sightline' AS (\w+) ENGINE = Distributed\('sightline', currentDatabase\(\), '(\w+)', cityHash64\(project_id\)\)$/,
      (m) => {
        expect(m[2]).toBe(m[3]);
        expect(locals.has(m[3]!), `${m[1]} reads ${m[3]}, which does not exist`).toBe(true);
        distributed.set(m[1]!, m[3]!);
      },
    ],
    [/^CREATE TABLE IF NOT EXISTS (\w+) ON CLUSTER 'sightline' \($/, (m) => locals.add(m[1]!)],
    [
      /^RENAME TABLE (.+) ON CLUSTER 'sightline'$/,
      (m) => {
        for (const [from, to] of m[1]!.split(", ").map((p) => p.split(" TO "))) {
          expect(locals.delete(from!), `rename of missing ${from}`).toBe(true);
          locals.add(to!);
        }
      },
    ],
    [
      /^DROP TABLE IF EXISTS (\w+) ON CLUSTER 'sightline' SYNC$/,
      (m) => {
        locals.delete(m[1]!);
        distributed.delete(m[1]!);
      },
    ],
    [/^ALTER TABLE (\w+) ON CLUSTER 'sightline' /, (m) => expect(exists(m[1]!), `ALTER of missing ${m[1]}`).toBe(true)],
    [
      /^INSERT INTO (\w+) /,
      (m) => expect(distributed.has(m[1]!), `INSERT into ${m[1]}, not a Distributed table`).toBe(true),
    ],
  ];
  for (const s of statements.map(firstLine)) {
    const rule = rules.find(([pattern]) => pattern.test(s));
    if (!rule) throw new Error(`unexpected statement: ${s}`);
    rule[1](rule[0].exec(s)!);
  }
  return { locals, distributed };
}

describe("ClickHouse DDL on one node (the default)", () => {
  it("runs every migration statement as written", () => {
    expect(translate(undefined)).toEqual([BOOKKEEPING, ...migration]);
  });
});

describe("ClickHouse DDL on a replicated cluster", () => {
  const statements = translate(replicated);

  it("runs every DDL statement on every node", () => {
    const ddl = statements.map(firstLine).filter((s) => !/^INSERT\b/.test(s));
    expect(ddl.filter((s) => !s.includes("ON CLUSTER 'sightline'"))).toEqual([]);
  });

  it("replicates every table with the shard and replica macros", () => {
    const creates = statements.filter((s) => /^CREATE TABLE/.test(firstLine(s)));
    expect(creates.length).toBeGreaterThan(0);
    for (const c of creates)
      expect(c).toMatch(
        /ENGINE = Replicated(Aggregating|Replacing)MergeTree\('\/clickhouse\/tables\/\{shard\}\/\{uuid\}', '\{replica\}'\)/,
      );
  });

  it("drops synchronously, so a name is free again for the next statement", () => {
    for (const d of statements.filter((s) => s.startsWith("DROP"))) expect(d).toMatch(/ SYNC$/);
  });
});

describe("ClickHouse DDL on a sharded cluster", () => {
  const statements = translate(sharded);

  it("ends with a Distributed table in front of each telemetry table's local one", () => {
    const { locals, distributed } = replay(statements);
    expect(Object.fromEntries([...distributed].sort())).toEqual({
      migration_0003_buckets: "migration_0003_buckets_local",
      observations: "observations_local",
      scores: "scores_local",
      traces: "traces_local",
    });
    expect([...locals].sort()).toEqual([
      "migration_0003_buckets_local",
      "observations_local",
      "schema_migrations",
      "scores_local",
      "traces_local",
    ]);
  });

  it("keeps the migrations' bookkeeping whole on every node", () => {
    expect(statements[0]).toMatch(
      /^CREATE TABLE IF NOT EXISTS schema_migrations ON CLUSTER 'sightline' \([\s\S]*ENGINE = ReplicatedReplacingMergeTree\('\/clickhouse\/tables\/all\/\{uuid\}', '\{replica\}'\)/,
    );
    expect(statements[1]).toMatch(/^CREATE TABLE IF NOT EXISTS traces_local /);
  });

  it("adds a new column to the local tables and to the Distributed one; settings and projections only to the local ones", () => {
    const alters = statements.map(firstLine).filter((s) => s.startsWith("ALTER TABLE"));
    expect(
      alters.filter((s) =>
        /^ALTER TABLE observations ON CLUSTER 'sightline' ADD COLUMN IF NOT EXISTS cost_usd /.test(s),
      ),
    ).toHaveLength(1);
    expect(
      alters.filter((s) =>
        /^ALTER TABLE observations_local ON CLUSTER 'sightline' ADD COLUMN IF NOT EXISTS cost_usd /.test(s),
      ),
    ).toHaveLength(1);
    expect(
      alters.filter((s) =>
        /^ALTER TABLE (traces|observations|scores) ON CLUSTER 'sightline' (MODIFY SETTING|ADD PROJECTION|MATERIALIZE)/.test(
          s,
        ),
      ),
    ).toEqual([]);
  });
});

describe("the service's own statements on a cluster", () => {
  it("sends a sharded deletion to every node's local table, and leaves a replicated one as it is", () => {
    expect(
      clusterCommand("DELETE FROM scores WHERE project_id = {projectId:String} AND id = {id:String}", sharded),
    ).toEqual([
      "DELETE FROM scores_local ON CLUSTER 'sightline' WHERE project_id = {projectId:String} AND id = {id:String}",
    ]);
    expect(clusterCommand("ALTER TABLE traces DELETE WHERE project_id = {projectId:String}", sharded)).toEqual([
      "ALTER TABLE traces_local ON CLUSTER 'sightline' DELETE WHERE project_id = {projectId:String}",
    ]);
    expect(clusterCommand("ALTER TABLE traces DELETE WHERE project_id = {projectId:String}", replicated)).toEqual([
      "ALTER TABLE traces DELETE WHERE project_id = {projectId:String}",
    ]);
  });

  it("drops the migration's leftover table on every node", () => {
    expect(clusterCommand("DROP TABLE IF EXISTS migration_0003_buckets", sharded)).toEqual([
      "DROP TABLE IF EXISTS migration_0003_buckets ON CLUSTER 'sightline' SYNC",
      "DROP TABLE IF EXISTS migration_0003_buckets_local ON CLUSTER 'sightline' SYNC",
    ]);
  });

  it("refuses DDL it has no translation for, rather than running it on one node", () => {
    expect(() => clusterStatements("CREATE VIEW v AS SELECT 1", replicated)).toThrow(
      "Cluster DDL: no translation for: CREATE VIEW v AS SELECT 1",
    );
    expect(() => clusterStatements("CREATE TABLE IF NOT EXISTS t (a UInt8) ENGINE = Log", replicated)).toThrow(
      "Cluster DDL: table t needs a MergeTree engine without arguments to replicate",
    );
  });

  it("waits for every replica and, sharded, for every shard's insert", () => {
    expect(clusterSettings(undefined)).toEqual({});
    expect(clusterSettings(replicated)).toEqual({ mutations_sync: "2", allow_nondeterministic_mutations: 1 });
    expect(clusterSettings(sharded)).toMatchObject({
      insert_distributed_sync: 1,
      distributed_product_mode: "local",
      optimize_skip_unused_shards: 1,
    });
  });
});
