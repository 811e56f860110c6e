import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ev } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";

type Key = { publicKey: string; secretKey: string };

/*
 * Rate limits through the HTTP interface (docs/rate-limits.md), with small limits and the service's clock in the
 * test's hands: ingest calls draw on the project's bucket, every other call on the key's. With DATABASE_URL the
 * app runs on a shared Postgres and the same answers come from leased windows.
 */
describe("rate limits", () => {
  let app: TestApp;
  let now = Date.UTC(2026, 10, 22, 10, 0, 0);
  const advance = (ms: number) => (now += ms);

  beforeAll(async () => {
    app = await startTestApp({ SIGHTLINE_RATE_LIMITS: "ingest=1/2,api=1/2" });
    app.deps.clock = { now: () => new Date(now) };
  });
  afterAll(() => app?.close());
  // A minute later every bucket is full again.
  beforeEach(() => advance(60_000));

  /** A new project (its ADMIN key) and a second key of it, minted with a full bucket left for the test. */
  async function project(): Promise<{ admin: Key; member: Key }> {
    const admin = (
      await app.call("POST", "/v1/projects", { body: { name: `p-${now}-${Math.random().toString(36).slice(2)}` } })
    ).body as Key;
    const member = (await app.call("POST", "/v1/api-keys", { key: admin, body: { role: "MEMBER" } })).body as Key;
    advance(60_000);
    return { admin, member };
  }
  const batch = () => ({ batch: [ev("trace-create", { id: crypto.randomUUID(), name: "t" })] });
  const ingest = (key: Key) => app.call("POST", "/v1/ingest", { key, body: batch() });

  it("answers 429 rate_limited with Retry-After once a key's bucket is empty, and admits after that wait", async () => {
    const { admin } = await project();

    const admitted = [
      await app.call("GET", "/v1/projects", { key: admin }),
      await app.call("GET", "/v1/projects", { key: admin }),
    ];
    const refused = await app.call("GET", "/v1/projects", { key: admin });
    advance(Number(refused.headers.get("retry-after")) * 1000);
    const after = await app.call("GET", "/v1/projects", { key: admin });

    expect(admitted.map((r) => r.status)).toEqual([200, 200]);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("rate_limited");
    expect(refused.body.error.message).toMatch(/^Too many requests of this API key/);
    expect(refused.body.error.details).toEqual({ retryAfterSeconds: 1 });
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(after.status).toBe(200);
  });

  it("shares the ingest bucket between the keys of one project", async () => {
    const { admin, member } = await project();

    const first = await ingest(admin);
    const second = await ingest(member);
    const third = await ingest(member);
    const fourth = await ingest(admin);

    expect([first.status, second.status]).toEqual([207, 207]);
    expect([third.status, fourth.status]).toEqual([429, 429]);
    expect(third.body.error.code).toBe("rate_limited");
    expect(third.body.error.message).toMatch(/^Too many ingest requests of this project/);
    expect(third.headers.get("retry-after")).toBe("1");
  });

  it("counts OTLP exports and POST /v1/scores as ingest, and keeps the key's other calls apart", async () => {
    const { admin } = await project();
    await ingest(admin);
    await ingest(admin);

    const otlp = await app.call("POST", "/v1/otel/v1/traces", { key: admin, body: { resourceSpans: [] } });
    const score = await app.call("POST", "/v1/scores", {
      key: admin,
      body: { traceId: "t1", name: "helpful", value: 1 },
    });
    const read = await app.call("GET", "/v1/projects", { key: admin });

    expect([otlp.status, score.status]).toEqual([429, 429]);
    expect(read.status).toBe(200);
  });

  it("gives each key its own bucket on the other routes", async () => {
    const { admin, member } = await project();
    await app.call("GET", "/v1/projects", { key: member });
    await app.call("GET", "/v1/projects", { key: member });

    const memberAgain = await app.call("GET", "/v1/projects", { key: member });
    const adminCall = await app.call("GET", "/v1/projects", { key: admin });

    expect(memberAgain.status).toBe(429);
    expect(adminCall.status).toBe(200);
  });

  it("charges a refused role too, and never answers an unauthenticated call with 429", async () => {
    const { member } = await project();

    const forbidden = [
      await app.call("GET", "/v1/api-keys", { key: member }),
      await app.call("GET", "/v1/api-keys", { key: member }),
    ];
    const limited = await app.call("GET", "/v1/projects", { key: member });
    const wrongSecret = await app.call("GET", "/v1/projects", {
      key: { publicKey: member.publicKey, secretKey: "sk-sl-wrong" },
    });
    const anonymous = await app.call("GET", "/v1/openapi.json", { key: null });

    expect(forbidden.map((r) => r.status)).toEqual([403, 403]);
    expect(limited.status).toBe(429);
    expect(wrongSecret.status).toBe(401);
    expect(anonymous.status).toBe(401);
  });
});
