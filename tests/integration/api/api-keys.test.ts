import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";

describe("api keys", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it("mints a key whose secret appears only in the creation answer", async () => {
    const created = await app.call("POST", "/v1/api-keys", { body: { role: "MEMBER", note: "ci" } });

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ role: "MEMBER", note: "ci" });
    expect(created.body.publicKey).toMatch(/^pk-sl-/);
    expect(created.body.secretKey).toMatch(/^sk-sl-/);
    expect(created.body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const listed = await app.call("GET", "/v1/api-keys");
    const entry = listed.body.data.find((k: any) => k.id === created.body.id);
    expect(entry).toEqual({
      id: created.body.id,
      publicKey: created.body.publicKey,
      secretKeyHint: `sk-sl-…${created.body.secretKey.slice(-4)}`,
      role: "MEMBER",
      note: "ci",
      createdAt: created.body.createdAt,
    });
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secretKey);
  });

  it("defaults the role to MEMBER and authenticates the new key at once", async () => {
    const key = (await app.call("POST", "/v1/api-keys", { body: {} })).body;

    const res = await app.call("GET", "/v1/projects", { key });

    expect(key.role).toBe("MEMBER");
    expect(res.status).toBe(200);
  });

  it("stores only a hash of the secret", async () => {
    const key = (await app.call("POST", "/v1/api-keys", { body: {} })).body;

    const rows = (await app.deps.db.execute(`select * from api_keys where public_key = '${key.publicKey}'`)) as any;
    const row = (rows.rows ?? rows)[0];

    expect(JSON.stringify(row)).not.toContain(key.secretKey);
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a revoked key with 401 on its very next call", async () => {
    const key = (await app.call("POST", "/v1/api-keys", { body: { role: "ADMIN" } })).body;
    expect((await app.call("GET", "/v1/api-keys", { key })).status).toBe(200);

    const revoked = await app.call("DELETE", "/v1/api-keys", { body: { id: key.id } });
    const next = await app.call("GET", "/v1/api-keys", { key });

    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: key.id, publicKey: key.publicKey });
    expect(next.status).toBe(401);
    expect(next.body).toEqual({ error: { code: "unauthorized", message: "Missing or invalid credentials" } });
    expect((await app.call("GET", "/v1/api-keys")).body.data.map((k: any) => k.id)).not.toContain(key.id);
  });

  it("revokes by publicKey and answers 404 for a key that is already revoked", async () => {
    const key = (await app.call("POST", "/v1/api-keys", { body: {} })).body;

    const first = await app.call("DELETE", "/v1/api-keys", { body: { publicKey: key.publicKey } });
    const second = await app.call("DELETE", "/v1/api-keys", { body: { publicKey: key.publicKey } });

    expect(first.status).toBe(200);
    expect(second.status).toBe(404);
    expect(second.body.error.code).toBe("not_found");
  });

  it("applies a role change on the key's next call", async () => {
    const key = (await app.call("POST", "/v1/api-keys", { body: { role: "ADMIN" } })).body;
    expect((await app.call("GET", "/v1/api-keys", { key })).status).toBe(200);

    const changed = await app.call("PATCH", "/v1/api-keys", { body: { id: key.id, role: "VIEWER" } });
    const asViewer = await app.call("GET", "/v1/api-keys", { key });
    const write = await app.call("POST", "/v1/api-keys", { key, body: {} });

    expect(changed.body.role).toBe("VIEWER");
    expect(asViewer.status).toBe(403);
    expect(write.status).toBe(403);
    expect(write.body).toEqual({
      error: { code: "forbidden", message: "This endpoint needs the ADMIN role; the key has VIEWER" },
    });
  });

  it("gives a VIEWER key 403 on writes and changes nothing", async () => {
    const viewer = (await app.call("POST", "/v1/api-keys", { body: { role: "VIEWER" } })).body;
    const before = (await app.call("GET", "/v1/api-keys")).body.data.length;

    const res = await app.call("POST", "/v1/projects", { key: viewer, body: { name: "nope" } });

    expect(res.status).toBe(403);
    expect((await app.call("GET", "/v1/api-keys")).body.data.length).toBe(before);
    expect((await app.call("GET", "/v1/projects")).body.data.map((p: any) => p.name)).not.toContain("nope");
  });

  it("rejects bad input with 400 and the error body, changing nothing", async () => {
    const before = (await app.call("GET", "/v1/api-keys")).body.data.length;

    const badRole = await app.call("POST", "/v1/api-keys", { body: { role: "OWNER" } });
    const notJson = await app.call("POST", "/v1/api-keys", { body: "{nope" });
    const noRef = await app.call("DELETE", "/v1/api-keys", { body: {} });

    expect(badRole.status).toBe(400);
    expect(badRole.body.error.code).toBe("invalid_input");
    expect(badRole.body.error.message).toMatch(/^Invalid body\.role:/);
    expect(Array.isArray(badRole.body.error.details)).toBe(true);
    expect(notJson.body).toEqual({ error: { code: "invalid_input", message: "Request body is not valid JSON" } });
    expect(noRef.status).toBe(400);
    expect((await app.call("GET", "/v1/api-keys")).body.data.length).toBe(before);
  });

  it("never lets a key see or touch another project's keys", async () => {
    const other = (await app.call("POST", "/v1/projects", { body: { name: "isolated" } })).body;
    const mine = (await app.call("POST", "/v1/api-keys", { body: {} })).body;

    const theirList = await app.call("GET", "/v1/api-keys", { key: other });
    const revokeMine = await app.call("DELETE", "/v1/api-keys", { key: other, body: { id: mine.id } });

    expect(theirList.body.data.map((k: any) => k.publicKey)).toEqual([other.publicKey]);
    expect(revokeMine.status).toBe(404);
    expect((await app.call("GET", "/v1/projects", { key: mine })).status).toBe(200);
  });

  it("writes an audit entry for every key change, in the acting key's project", async () => {
    const key = (await app.call("POST", "/v1/api-keys", { body: { note: "audited" } })).body;
    await app.call("PATCH", "/v1/api-keys", { body: { id: key.id, note: "renamed" } });
    await app.call("DELETE", "/v1/api-keys", { body: { id: key.id } });

    const log = await app.call("GET", `/v1/audit-log?limit=1000`);
    const mine = log.body.data.filter((e: any) => e.target.id === key.id);

    expect(mine.map((e: any) => e.action)).toEqual(["api_key.revoked", "api_key.updated", "api_key.created"]);
    expect(mine[0]).toMatchObject({ actor: { type: "api_key" }, target: { type: "api_key", id: key.id } });
    expect(JSON.stringify(log.body)).not.toContain(key.secretKey);
  });

  it("pages the audit log with an opaque cursor", async () => {
    for (let i = 0; i < 3; i++) await app.call("POST", "/v1/api-keys", { body: { note: `page-${i}` } });

    const first = await app.call("GET", "/v1/audit-log?limit=2");
    const second = await app.call("GET", `/v1/audit-log?limit=2&cursor=${first.body.nextCursor}`);
    const bad = await app.call("GET", "/v1/audit-log?cursor=garbage");

    expect(first.body.data).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    expect(second.body.data[0].id).not.toBe(first.body.data[1].id);
    expect(bad.status).toBe(400);
  });
});
