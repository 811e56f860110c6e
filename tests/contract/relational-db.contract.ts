import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { PostgresHandle } from "@core/adapters/postgres/migrate";
import { migratePostgres } from "@core/adapters/postgres/migrate";
import { rowsOf } from "@core/platform/db";
import { isUniqueViolation } from "@core/platform/db-errors";
import { apiKeys, auditLog, automations, organizations, projects } from "@core/platform/schema";
import { count, eq, sql } from "drizzle-orm";
import { pgSchema, serial } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const MIGRATIONS = fileURLToPath(new URL("../../migrations/postgres", import.meta.url));
/** drizzle's own bookkeeping table: one row per applied migration. */
const drizzleMigrations = pgSchema("drizzle").table("__drizzle_migrations", { id: serial("id").primaryKey() });

/**
 * One suite for every Postgres driver. Rows use fresh ids per run, so the suite
 * can share a database with other runs.
 */
export function describeRelationalDb(name: string, open: () => Promise<PostgresHandle>) {
  describe(`relational db: ${name}`, () => {
    let handle: PostgresHandle;
    const id = (prefix: string) => `${prefix}_${randomUUID()}`;

    async function seedProject() {
      const org = { id: id("org"), name: "Acme", createdAt: new Date() };
      const project = { id: id("prj"), orgId: org.id, name: "web", createdAt: new Date() };
      await handle.db.insert(organizations).values(org);
      await handle.db.insert(projects).values(project);
      return { org, project };
    }

    function apiKey(projectId: string, publicKey = id("pk")) {
      return {
        id: id("key"),
        projectId,
        publicKey,
        secretHash: "h",
        secretHint: "abcd",
        role: "ADMIN" as const,
        createdAt: new Date(),
      };
    }

    beforeAll(async () => {
      handle = await open();
    });

    afterAll(async () => {
      await handle?.close();
    });

    it("applies migrations, and re-applying them is a no-op", async () => {
      const applied = async () => (await handle.db.select({ n: count() }).from(drizzleMigrations))[0]?.n;

      await migratePostgres(handle, MIGRATIONS);
      const first = await applied();
      await migratePostgres(handle, MIGRATIONS);

      expect(first).toBeGreaterThan(0);
      expect(await applied()).toBe(first);
    });

    it("inserts and selects organizations, projects and api keys", async () => {
      const { org, project } = await seedProject();
      const key = apiKey(project.id);

      await handle.db.insert(apiKeys).values(key);
      const [row] = await handle.db
        .select({ publicKey: apiKeys.publicKey, projectName: projects.name, orgName: organizations.name })
        .from(apiKeys)
        .innerJoin(projects, eq(projects.id, apiKeys.projectId))
        .innerJoin(organizations, eq(organizations.id, projects.orgId))
        .where(eq(apiKeys.id, key.id));
      const viaRelational = await handle.db.query.organizations.findFirst({ where: eq(organizations.id, org.id) });

      expect(row).toEqual({ publicKey: key.publicKey, projectName: "web", orgName: "Acme" });
      expect(viaRelational?.name).toBe("Acme");
    });

    it("rolls back a transaction that throws", async () => {
      const orgId = id("org");

      const attempt = handle.db.transaction(async (tx) => {
        await tx.insert(organizations).values({ id: orgId, name: "Doomed", createdAt: new Date() });
        throw new Error("boom");
      });

      await expect(attempt).rejects.toThrow("boom");
      expect(await handle.db.select().from(organizations).where(eq(organizations.id, orgId))).toEqual([]);
    });

    it("round-trips jsonb as a JSON value, not a string", async () => {
      const details = { nested: { list: [1, "two", null, { three: 3 }] }, flag: true, text: 'é ✓ "quoted"' };
      const entry = {
        id: id("aud"),
        projectId: id("prj"),
        actorType: "system" as const,
        actorId: "test",
        action: "test.done",
        targetType: "test",
        targetId: "t1",
        details,
        createdAt: new Date(),
      };

      await handle.db.insert(auditLog).values(entry);
      const [row] = await handle.db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(eq(auditLog.id, entry.id));
      const [stored] = await handle.db
        .select({ kind: sql<string>`jsonb_typeof(${auditLog.details})` })
        .from(auditLog)
        .where(eq(auditLog.id, entry.id));

      expect(row?.details).toEqual(details);
      expect(stored?.kind).toBe("object");
    });

    it("keeps milliseconds on timestamps", async () => {
      const createdAt = new Date("2024-05-06T07:08:09.123Z");
      const org = { id: id("org"), name: "Timely", createdAt };

      await handle.db.insert(organizations).values(org);
      const [row] = await handle.db.select().from(organizations).where(eq(organizations.id, org.id));

      expect(row?.createdAt).toBeInstanceOf(Date);
      expect(row?.createdAt.toISOString()).toBe("2024-05-06T07:08:09.123Z");
    });

    it("recognises a duplicate api_keys.public_key as a unique violation", async () => {
      const { project } = await seedProject();
      const first = apiKey(project.id);
      await handle.db.insert(apiKeys).values(first);

      const error = await handle.db
        .insert(apiKeys)
        .values(apiKey(project.id, first.publicKey))
        .catch((e: unknown) => e);
      const inTransaction = await handle.db
        .transaction((tx) => tx.insert(apiKeys).values(apiKey(project.id, first.publicKey)))
        .catch((e: unknown) => e);

      expect(isUniqueViolation(error)).toBe(true);
      expect(isUniqueViolation(error, "api_keys_public_key_idx")).toBe(true);
      expect(isUniqueViolation(error, "projects_org_name_idx")).toBe(false);
      expect(isUniqueViolation(inTransaction)).toBe(true);
    });

    it("does not mistake other errors for unique violations", async () => {
      const orphan = await handle.db
        .insert(apiKeys)
        .values(apiKey(id("missing")))
        .catch((e: unknown) => e);

      expect(orphan).toBeInstanceOf(Error);
      expect(isUniqueViolation(orphan)).toBe(false);
      expect(isUniqueViolation(new Error("plain"))).toBe(false);
      expect(isUniqueViolation(undefined)).toBe(false);
    });

    it('leases a delivery on its own page: writing leased_until moves no freshly written delivery (docs/automations.md, "Deliveries on disk")', async () => {
      await migratePostgres(handle, MIGRATIONS);
      const { project } = await seedProject();
      const automationId = id("aut");
      const now = new Date();
      await handle.db.insert(automations).values({
        id: automationId,
        projectId: project.id,
        name: automationId,
        trigger: "trace.created",
        action: "webhook",
        target: "http://127.0.0.1:9/hook",
        enabled: true,
        createdAt: now,
        updatedAt: now,
      });
      // 200 deliveries of trace.created as the ingest worker records them: several full pages at a fill factor of 100.
      const events = Array.from({ length: 200 }, () => ({ e: randomUUID(), name: "chat", input: "x".repeat(200) }));
      const block = sql`split_part(trim(both '()' from ctid::text), ',', 1)::int`;
      const written = rowsOf<{ seq: string; block: number }>(
        await handle.db.execute(sql`
          INSERT INTO automation_deliveries
            (id, automation_id, project_id, event_id, type, envelope, status, attempts, attempt_log, next_attempt_at, created_at, updated_at)
          SELECT gen_random_uuid()::text, ${automationId}, ${project.id}, v.e, 'trace.created',
            jsonb_build_object('id', v.e, 'type', 'trace.created', 'data', jsonb_build_object('name', v.name, 'input', v.input)),
            'pending', 0, '[]'::jsonb, now(), now(), now()
          FROM jsonb_to_recordset(${JSON.stringify(events)}::jsonb) AS v(e text, name text, input text)
          RETURNING seq::text AS seq, ${block} AS block`),
      );
      // What leaseDue (core/automations/deliver.ts) writes: leased_until alone.
      const leased = rowsOf<{ seq: string; block: number }>(
        await handle.db.execute(sql`
          UPDATE automation_deliveries SET leased_until = now() + interval '1 minute'
          WHERE automation_id = ${automationId}
          RETURNING seq::text AS seq, ${block} AS block`),
      );

      expect(new Set(written.map((r) => r.block)).size).toBeGreaterThan(2);
      const before = new Map(written.map((r) => [r.seq, r.block]));
      expect(leased.filter((r) => before.get(r.seq) !== r.block)).toEqual([]);
      expect(leased).toHaveLength(200);
    });
  });
}
