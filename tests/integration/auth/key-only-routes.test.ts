import { CSRF_HEADER } from "@core/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { person, sessionCall } from "../../support/sessions";

// Routes only SDKs call (ingest, OTLP) read no session cookie, so their bundles carry no sign-in stack
// (docs/deployment.md, "What ships"): a signed-in person's cookie alone does not get in there.
describe("key-only routes and session cookies", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it("refuses a session cookie without a key on ingest and OTLP, and takes the same cookie elsewhere", async () => {
    const { jar, csrf } = await person(app);
    const headers = { [CSRF_HEADER]: csrf };
    const batch = {
      batch: [{ id: "e1", type: "trace-create", timestamp: new Date().toISOString(), body: { id: "cookie-trace" } }],
    };
    for (const path of ["/v1/ingest", "/api/public/ingestion"]) {
      const refused = await sessionCall(app, jar, "POST", path, { body: batch, headers });
      expect(refused.status, path).toBe(401);
      expect(refused.body.error.code).toBe("unauthorized");
    }
    expect(
      (await sessionCall(app, jar, "POST", "/v1/otel/v1/traces", { body: { resourceSpans: [] }, headers })).status,
    ).toBe(401);
    expect((await sessionCall(app, jar, "GET", "/v1/traces")).status).toBe(200);
  });
});
