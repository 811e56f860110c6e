import { Caches } from "@core/platform/cache";
import type { Db } from "@core/platform/db";
import type { Principal } from "@core/platform/principal";
import * as schema from "@core/platform/schema";
import * as Prompts from "@core/prompts";
import { prompts, promptVersions } from "@core/prompts/prompts.sql";
import { PGlite } from "@electric-sql/pglite";
import { and, eq, inArray } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { include, newProject, save, text } from "./support";

type Key = Awaited<ReturnType<typeof newProject>>;

describe("resolve cache", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  const resolved = async (key: Key, query = "channel=production") =>
    (await app.call("GET", `/v1/prompts/top?${query}`, { key })).body.content;

  const chain = async (key: Key) => {
    await save(app, key, text("leaf", "leaf-1", { labels: ["production"] }));
    await save(app, key, text("mid", `mid(${include("leaf", "label=production")})`, { labels: ["production"] }));
    await save(app, key, text("top", `top(${include("mid", "label=production")})`, { labels: ["production"] }));
  };

  it("serves a repeated resolve from the cache", async () => {
    const key = await newProject(app);
    await chain(key);
    const before = app.deps.caches.of(Prompts.RESOLVES).size;

    const first = await resolved(key);
    const filled = app.deps.caches.of(Prompts.RESOLVES).size;
    // Behind the service's back (no generation bump): only a cached answer can still say leaf-1.
    await app.deps.db
      .update(promptVersions)
      .set({ content: "tampered" })
      .where(
        inArray(
          promptVersions.promptId,
          app.deps.db
            .select({ id: prompts.id })
            .from(prompts)
            .where(and(eq(prompts.projectId, key.id), eq(prompts.name, "leaf"))),
        ),
      );
    const second = await resolved(key);
    const uncached = await resolved(key, "version=1");

    expect(filled).toBe(before + 1);
    expect([first, second]).toEqual(["top(mid(leaf-1))", "top(mid(leaf-1))"]);
    expect(uncached).toBe("top(mid(tampered))");
  });

  it("never answers stale after a save, a label move, a rename or a delete of an included prompt", async () => {
    const key = await newProject(app);
    await chain(key);
    expect(await resolved(key)).toBe("top(mid(leaf-1))");

    await save(app, key, text("leaf", "leaf-2", { labels: ["production"] }));
    const afterSave = await resolved(key);
    await app.call("POST", "/v1/prompts/leaf/labels", { key, body: { label: "production", version: 1 } });
    const afterMove = await resolved(key);
    await app.call("PATCH", "/v1/prompts/leaf", { key, body: { name: "leaf-renamed" } });
    const afterRename = await app.call("GET", "/v1/prompts/top?channel=production", { key });
    await app.call("PATCH", "/v1/prompts/leaf-renamed", { key, body: { name: "leaf" } });
    const afterRenameBack = await resolved(key);
    await app.call("DELETE", "/v1/prompts/leaf", { key });
    const afterDelete = await app.call("GET", "/v1/prompts/top?channel=production", { key });

    expect(afterSave).toBe("top(mid(leaf-2))");
    expect(afterMove).toBe("top(mid(leaf-1))");
    expect(afterRename.status).toBe(422);
    expect(afterRenameBack).toBe("top(mid(leaf-1))");
    expect(afterDelete.status).toBe(422);
  });

  it("sees mutations made by another process on a shared store (another database handle with its own caches)", async () => {
    const key = await newProject(app);
    await chain(key);
    const principal: Principal = { ...(await principalOf(app, key)), role: "MEMBER" };
    // Two processes on one shared Postgres: neither owns the store, each has its own caches.
    const shared = { ...app.deps.config, ownsRelationalStore: false };
    const mine = { ...app.deps, config: shared, caches: new Caches() };
    const theirs = { ...app.deps, db: otherHandle(app.deps.db), config: shared, caches: new Caches() };
    const resolvedHere = async () =>
      (await Prompts.resolvePrompt(mine, key.id, "top", { label: "production" })).content;
    expect(await resolvedHere()).toBe("top(mid(leaf-1))");
    const cached = mine.caches.of(Prompts.RESOLVES).size;
    expect((await Prompts.resolvePrompt(theirs, key.id, "top", { label: "production" })).content).toBe(
      "top(mid(leaf-1))",
    );

    await Prompts.savePrompt(theirs, principal, {
      name: "leaf",
      type: "TEXT",
      content: "leaf-2",
      labels: ["production"],
      config: {},
    });
    const afterSave = await resolvedHere();
    await Prompts.setLabel(theirs, principal, "leaf", { label: "production", version: 1 });
    const afterMove = await resolvedHere();
    await Prompts.deletePrompt(theirs, principal, "leaf");
    const afterDelete = await resolvedHere().then(
      () => "resolved",
      (e: { code?: string }) => e.code,
    );

    // The first answer was cached here; the other process's writes still showed on the next resolve.
    expect(cached).toBeGreaterThan(0);
    expect(afterSave).toBe("top(mid(leaf-2))");
    expect(afterMove).toBe("top(mid(leaf-1))");
    expect(afterDelete).toBe("unprocessable");
  });

  it("keeps each project's entries apart", async () => {
    const a = await newProject(app);
    const b = await newProject(app);
    await chain(a);
    await save(app, b, text("top", "b's top", { labels: ["production"] }));

    expect([await resolved(a), await resolved(b)]).toEqual(["top(mid(leaf-1))", "b's top"]);
  });
});

/** A second drizzle handle on the same database, as another Lambda instance would hold. */
function otherHandle(db: Db): Db {
  const client = (db as unknown as { $client: unknown }).$client;
  return (client instanceof PGlite
    ? drizzlePglite({ client, schema })
    : drizzlePostgres({ client: client as never, schema })) as unknown as Db;
}

async function principalOf(app: TestApp, key: Key): Promise<Omit<Principal, "role">> {
  const Tenancy = await import("@core/tenancy");
  const p = await Tenancy.authenticate(
    app.deps,
    `Basic ${Buffer.from(`${key.publicKey}:${key.secretKey}`).toString("base64")}`,
  );
  return { kind: p.kind, keyId: p.keyId, publicKey: p.publicKey, projectId: p.projectId, orgId: p.orgId };
}
