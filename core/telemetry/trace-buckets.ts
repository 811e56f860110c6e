import { and, eq, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../platform/db";
import { type CreatedTakers, raiseSignals, traceCreatedCte, traceCreatedInputs } from "./created-events";
import type { MergedRows } from "./merge-events";
import type { PartialRow } from "./partial-row";
import { traceMirror } from "./trace-mirror.sql";

type Kind = "trace" | "score";
type Assigned = { project_id: string; kind: Kind; key: string; bucket: string };

/** What decides a row's partition: its trace, or for a score without one, the score itself. */
function bucketKeyOf(table: "traces" | "observations" | "scores", row: PartialRow): { kind: Kind; key: string } {
  if (table === "traces") return { kind: "trace", key: row.id };
  if (table === "scores" && !row.traceId) return { kind: "score", key: row.id };
  return { kind: "trace", key: row.traceId ?? "" };
}

/** A session's newest trace in a delivery, as `session_activity` takes it (docs/evaluators.md, "Thread scope"). */
type SessionTurn = { session: string; trace: string; at: string };

function sessionTurns(rows: Iterable<PartialRow>): Map<string, SessionTurn[]> {
  const newest = new Map<string, Map<string, SessionTurn>>();
  for (const row of rows) {
    const session = row.get<string>("session_id");
    const time = row.mins.get("timestamp");
    if (!session || !time) continue;
    const at = `${time}Z`;
    const sessions = newest.get(row.projectId) ?? newest.set(row.projectId, new Map()).get(row.projectId)!;
    const current = sessions.get(session);
    if (!current || at > current.at) sessions.set(session, { session, trace: row.id, at });
  }
  return new Map([...newest].map(([projectId, sessions]) => [projectId, [...sessions.values()]]));
}

/**
 * Keys of the mirror one statement looks up or records. Embedded Postgres runs one statement at a time, each to its
 * end (about 26 µs a key): a delivery's keys in statements of this size keep short what the API's requests wait
 * for between them (docs/ingest.md, "Decisions": day partitions).
 */
const MIRROR_KEYS_PER_STATEMENT = 128;

/**
 * Gives every row of a delivery its partition day (`bucket`, migration 0003): the day the
 * trace mirror holds for its trace, or, for a trace seen for the first time, the receive day
 * of its earliest row in this delivery, recorded in the mirror in the same statement. One
 * statement per project and {@link MIRROR_KEYS_PER_STATEMENT} keys; no read of the telemetry store. The
 * first statement also keeps each session's activity (`now`) and newest trace for the thread-cooldown job.
 *
 * Exact under concurrency: `ON CONFLICT DO NOTHING` keeps the first writer's day, and a key
 * another worker inserted after this statement's snapshot is read again.
 */
export async function assignBuckets(
  deps: { db: Db },
  merged: MergedRows,
  now: Date,
  takersOf: (projectId: string) => CreatedTakers | undefined = () => undefined,
): Promise<void> {
  const turns = sessionTurns(merged.traces.values());
  const tables = [
    ["traces", merged.traces],
    ["observations", merged.observations],
    ["scores", merged.scores],
  ] as const;
  const byProject = new Map<string, Map<string, { kind: Kind; key: string; bucket: string; rows: PartialRow[] }>>();
  for (const [table, rows] of tables) {
    for (const row of rows.values()) {
      const { kind, key } = bucketKeyOf(table, row);
      const keys = byProject.get(row.projectId) ?? byProject.set(row.projectId, new Map()).get(row.projectId)!;
      const id = `${kind}:${key}`;
      const entry = keys.get(id) ?? keys.set(id, { kind, key, bucket: row.firstSeenDay, rows: [] }).get(id)!;
      if (row.firstSeenDay < entry.bucket) entry.bucket = row.firstSeenDay;
      entry.rows.push(row);
    }
  }
  for (const [projectId, keys] of byProject) {
    const wanted = [...keys.values()].map(({ kind, key, bucket }) => ({ kind, key, bucket }));
    // The new traces something takes get their `trace.created` in the same statement (docs/automations.md).
    const takers = takersOf(projectId);
    const created = takers?.has("trace.created") ? traceCreatedInputs(merged.traces.values(), projectId, takers) : [];
    const found = new Map<string, string>();
    const inserted = new Set<string>();
    for (let i = 0; i < wanted.length; i += MIRROR_KEYS_PER_STATEMENT) {
      const part = wanted.slice(i, i + MIRROR_KEYS_PER_STATEMENT);
      const traces = new Set(part.filter((w) => w.kind === "trace").map((w) => w.key));
      const partCreated = created.filter((c) => traces.has(c.key));
      const partTurns = i === 0 ? (turns.get(projectId) ?? []) : [];
      for (const row of await upsert(deps.db, projectId, part, partTurns, now, partCreated)) {
        found.set(`${row.kind}:${row.key}`, row.bucket);
        if (row.inserted && row.kind === "trace") inserted.add(row.key);
      }
    }
    // Only the traces seen for the first time got their events: a delivery of updates leaves nothing to relay.
    raiseSignals(created.filter((c) => inserted.has(c.key)));
    const missing = wanted.filter((w) => !found.has(`${w.kind}:${w.key}`));
    if (missing.length) for (const [id, bucket] of await select(deps.db, projectId, missing)) found.set(id, bucket);
    for (const [id, entry] of keys) {
      const bucket = found.get(id);
      if (!bucket) throw new Error(`trace mirror holds no day for ${id} of project ${projectId}`);
      for (const row of entry.rows) row.bucket = bucket;
    }
  }
}

async function upsert(
  db: Db,
  projectId: string,
  wanted: { kind: Kind; key: string; bucket: string }[],
  turns: SessionTurn[],
  now: Date,
  created: ReturnType<typeof traceCreatedInputs>,
): Promise<(Assigned & { inserted: boolean })[]> {
  // A data-modifying WITH runs whether or not the query reads it: the session activity costs no statement.
  const result = await db.execute(sql`
    WITH input AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) AS i(kind text, key text, bucket date)),
    sessions AS (
      INSERT INTO session_activity AS a (project_id, session_id, latest_trace_id, latest_trace_at, last_activity_at, settled)
      SELECT ${projectId}, s.session, s.trace, s.at, ${now.toISOString()}::timestamptz, false
      FROM jsonb_to_recordset(${JSON.stringify(turns)}::jsonb) AS s(session text, trace text, at timestamptz)
      ON CONFLICT (project_id, session_id) DO UPDATE SET
        latest_trace_id = CASE WHEN excluded.latest_trace_at >= a.latest_trace_at THEN excluded.latest_trace_id ELSE a.latest_trace_id END,
        latest_trace_at = GREATEST(a.latest_trace_at, excluded.latest_trace_at),
        last_activity_at = GREATEST(a.last_activity_at, excluded.last_activity_at),
        settled = false
    ),
    inserted AS (
      INSERT INTO trace_mirror (project_id, kind, key, bucket, created_at)
      SELECT ${projectId}, kind, key, bucket, now() FROM input
      ON CONFLICT DO NOTHING
      RETURNING kind, key, bucket
    )${created.length ? traceCreatedCte(created, now) : sql``}
    SELECT kind, key, bucket::text AS bucket, true AS inserted FROM inserted
    UNION ALL
    SELECT i.kind, i.key, m.bucket, false FROM input i CROSS JOIN LATERAL (${mirrorDay(projectId)}) m`);
  return rowsOf<Assigned & { inserted: boolean }>(result);
}

/**
 * The day of key `i` in the mirror, one index lookup per key. As a plain join, with the table statistics embedded
 * Postgres never refreshes (it runs no autovacuum), the planner read every mirror row of the project per statement,
 * a cost growing with the project (25 ms at 100,000 traces); `LIMIT 1` keeps the lookup a subquery per key.
 */
const mirrorDay = (projectId: string) =>
  sql`SELECT m.bucket::text AS bucket FROM trace_mirror m WHERE m.project_id = ${projectId} AND m.kind = i.kind AND m.key = i.key LIMIT 1`;

async function select(db: Db, projectId: string, keys: { kind: Kind; key: string }[]): Promise<Map<string, string>> {
  const result = await db.execute(sql`
    SELECT i.kind, i.key, m.bucket
    FROM jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) AS i(kind text, key text) CROSS JOIN LATERAL (${mirrorDay(projectId)}) m`);
  return new Map(rowsOf<Assigned>(result).map((r) => [`${r.kind}:${r.key}`, r.bucket]));
}

/**
 * Relational rows that name a trace, forgotten with it (docs/reads.md, "Decisions": deletion): the session's activity
 * when the trace is its newest, thread claims, experiment evaluations waiting for it, and its evaluators'
 * execution log. Named here, with the rest of the telemetry layout, so every deletion path forgets them.
 */
const TRACE_REFERENCES = [
  ["session_activity", "latest_trace_id"],
  ["thread_claims", "trace_id"],
  ["experiment_targets", "trace_id"],
  ["evaluator_executions", "trace_id"],
] as const;

/**
 * Forgets the partition days of deleted traces (or of deleted scores sent without a trace), and the rows that
 * name the traces, so nothing of them stays in Postgres. Call it after their telemetry rows are gone: while a
 * row remains, a later event of the same trace must still land in that row's partition. One statement.
 */
export async function forgetTraces(
  deps: { db: Db },
  projectId: string,
  keys: readonly string[],
  kind: Kind = "trace",
): Promise<void> {
  if (keys.length === 0) return;
  const ids = sql`(SELECT jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`;
  const references =
    kind === "trace"
      ? TRACE_REFERENCES.map(
          ([table, column], i) =>
            sql`${sql.raw(`r${i}`)} AS (DELETE FROM ${sql.identifier(table)} WHERE project_id = ${projectId} AND ${sql.identifier(column)} IN ${ids}), `,
        )
      : [];
  await deps.db.execute(sql`
    WITH ${sql.join(references)}done AS (SELECT 1)
    DELETE FROM trace_mirror m USING jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) AS i(key)
    WHERE m.project_id = ${projectId} AND m.kind = ${kind} AND m.key = i.key`);
}

/** Whether the mirror holds a partition day for the trace. */
export async function isMirrored(deps: { db: Db }, projectId: string, traceId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ key: traceMirror.key })
    .from(traceMirror)
    .where(and(eq(traceMirror.projectId, projectId), eq(traceMirror.kind, "trace"), eq(traceMirror.key, traceId)));
  return row !== undefined;
}
