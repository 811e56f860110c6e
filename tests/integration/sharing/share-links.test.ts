import { createHash } from "node:crypto";
import { shareLinks } from "@core/sharing/sharing.sql";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";

/**
 * Share links end to end (docs/sharing.md): made by a MEMBER, read by anyone holding the token without
 * credentials, the same answer as the authenticated trace read; revoked, expired and unknown links look alike.
 * The service's clock is the test's, so expiry and the `shared` rate limit are exact.
 */
describe("share links", () => {
  let app: TestApp;
  // The service's clock starts a day after the real one, which received the seeded trace: links come after it.
  let now = Date.now() + 86_400_000;
  const traceId = `trace-${Math.random().toString(36).slice(2)}`;
  const big = "x".repeat(300 * 1024);
  const share = (body: Record<string, unknown> = {}, id = traceId) =>
    app.call("POST", `/v1/traces/${id}/share-links`, { body });
  const open = (token: string, headers: Record<string, string> = {}) =>
    app.call("GET", `/v1/shared/${token}`, { key: null, headers });
  const GONE = { error: { code: "not_found", message: "Share link not found" } };

  beforeAll(async () => {
    app = await startTestApp({ SIGHTLINE_RATE_LIMITS: "ingest=1000/2000,api=1000/2000,shared=1/2" });
    app.deps.clock = { now: () => new Date(now) };
    await ingest(app, [
      ev("trace-create", { id: traceId, name: "shared answer", input: { question: big }, output: "42" }),
      ev("generation-create", {
        id: `${traceId}-g`,
        traceId,
        name: "llm",
        model: "gpt-4o",
        usageDetails: { input: 10, output: 5 },
      }),
      ev("score-create", { id: `${traceId}-s`, traceId, name: "helpful", value: 0.5 }),
    ]);
  });
  afterAll(() => app?.close());
  // A minute later the shared bucket is full again.
  beforeEach(() => {
    now += 60_000;
  });

  it("shows the trace to a caller without credentials exactly as the authenticated read does, offloaded input and scores included", async () => {
    const made = await share();
    const shared = await open(made.body.token);
    const read = await app.call("GET", `/v1/traces/${traceId}`);

    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      traceId,
      status: "active",
      expiresAt: null,
      revokedAt: null,
      path: `/shared/${made.body.token}`,
    });
    expect(made.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(shared.status).toBe(200);
    expect(shared.body).toEqual(read.body);
    expect(shared.body.input).toEqual({ question: big });
    expect(shared.body.scores.map((s: { name: string }) => s.name)).toEqual(["helpful"]);
    expect(shared.body.observations.map((o: { name: string }) => o.name)).toEqual(["llm"]);
  });

  it("keeps only the token's SHA-256 in the store, and never lists the token", async () => {
    const { token, id } = (await share()).body;
    const [row] = await app.deps.db.select().from(shareLinks).where(eq(shareLinks.id, id));
    const listed = await app.call("GET", `/v1/traces/${traceId}/share-links`);

    expect(row!.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(listed.body.data.find((l: { id: string }) => l.id === id)).toEqual({
      id,
      traceId,
      createdBy: expect.any(String),
      createdAt: new Date(now).toISOString(),
      expiresAt: null,
      revokedAt: null,
      status: "active",
    });
    expect(JSON.stringify(listed.body)).not.toContain(token);
  });

  it("answers 404 with one body for an unknown, a revoked and an expired link", async () => {
    const revoked = (await share()).body;
    const expiring = (await share({ expiresAt: new Date(now + 3_600_000).toISOString() })).body;
    const before = await open(expiring.token);

    const revoke = await app.call("DELETE", `/v1/traces/${traceId}/share-links/${revoked.id}`);
    now += 3_600_000;
    const answers = [await open("not-a-token"), await open(revoked.token)];
    now += 60_000;
    answers.push(await open(expiring.token));
    const statuses = Object.fromEntries(
      (await app.call("GET", `/v1/traces/${traceId}/share-links`)).body.data.map(
        (l: { id: string; status: string }) => [l.id, l.status],
      ),
    );

    expect(before.status).toBe(200);
    expect(revoke.status).toBe(200);
    expect(revoke.body).toMatchObject({ id: revoked.id, status: "revoked", revokedAt: expect.any(String) });
    for (const answer of answers)
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 404, body: GONE });
    expect([statuses[revoked.id], statuses[expiring.id]]).toEqual(["revoked", "expired"]);
  });

  it("records making and revoking a link in the audit log", async () => {
    const { id } = (await share()).body;
    await app.call("DELETE", `/v1/traces/${traceId}/share-links/${id}`);
    const entries = (await app.call("GET", "/v1/audit-log")).body.data.slice(0, 2);

    expect(entries.map((e: { action: string; target: unknown }) => [e.action, e.target])).toEqual([
      ["share_link.revoked", { type: "share_link", id }],
      ["share_link.created", { type: "share_link", id }],
    ]);
  });

  it("never shows a trace deleted and then ingested again under the same id", async () => {
    const reused = `reused-${Math.random().toString(36).slice(2)}`;
    await ingest(app, [ev("trace-create", { id: reused, name: "first life" })]);
    const { token } = (await share({}, reused)).body;
    const before = await open(token);

    expect((await app.call("DELETE", `/v1/traces/${reused}`)).status).toBe(200);
    now += 60_000;
    // The ingest receives with the service's clock, now after the link was made.
    await ingest(app, [ev("trace-create", { id: reused, name: "second life" })]);
    const after = await open(token);

    expect(before.body.name).toBe("first life");
    expect((await app.call("GET", `/v1/traces/${reused}`)).body.name).toBe("second life");
    expect({ status: after.status, body: after.body }).toEqual({ status: 404, body: GONE });
  });

  it("refuses an expiry in the past with 400, and an unknown trace with 404", async () => {
    const past = await share({ expiresAt: new Date(now - 1000).toISOString() });
    const unknown = await share({}, "no-such-trace");

    expect({ status: past.status, body: past.body }).toEqual({
      status: 400,
      body: { error: { code: "invalid_input", message: "Invalid body.expiresAt: must be in the future" } },
    });
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: 404,
      body: { error: { code: "not_found", message: "Trace 'no-such-trace' not found" } },
    });
  });

  it("reads nothing but the token: credentials of another project neither help nor hurt, and a link shows only its trace", async () => {
    const other = (await app.call("POST", "/v1/projects", { body: { name: `other-${now}` } })).body;
    const { token } = (await share()).body;

    const withOtherKey = await app.call("GET", `/v1/shared/${token}`, { key: other });
    const tokenAsKey = await app.call("GET", `/v1/traces/${traceId}`, {
      key: null,
      headers: { authorization: `Bearer ${token}` },
    });

    expect(withOtherKey.status).toBe(200);
    expect(withOtherKey.body.id).toBe(traceId);
    expect(tokenAsKey.status).toBe(401);
  });

  it("limits share-link reads per client address, unknown tokens included, with 429 and Retry-After", async () => {
    const { token } = (await share()).body;

    const admitted = [await open(token), await open("unknown")];
    const refused = await open(token);
    now += Number(refused.headers.get("retry-after")) * 1000;
    const after = await open(token);

    expect(admitted.map((r) => r.status)).toEqual([200, 404]);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 429,
      body: {
        error: {
          code: "rate_limited",
          message: "Too many share-link requests from this address (limit 1/s, burst 2); retry after 1 s",
          details: { retryAfterSeconds: 1 },
        },
      },
    });
    expect(after.status).toBe(200);
  });
});
