import { LangfuseClient } from "@langfuse/client";
import { Langfuse } from "langfuse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failure } from "../../support/langfuse-failure";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Key, newProject } from "../../support/projects";

/* Traces deleted through Langfuse's public API, as its clients call it; the reads are in reads.test.ts. */

const at = (s: number) => new Date(Date.parse("2026-03-01T10:00:00.000Z") + s * 1000);

describe("Langfuse trace deletion with the real Langfuse clients", () => {
  let app: TestApp;
  let key: Key & { id: string };
  let client: LangfuseClient;
  let legacy: Langfuse;

  beforeAll(async () => {
    app = await startTestApp();
    key = await newProject(app);
    client = new LangfuseClient({ publicKey: key.publicKey, secretKey: key.secretKey, baseUrl: app.url });
    legacy = new Langfuse({ publicKey: key.publicKey, secretKey: key.secretKey, baseUrl: app.url, flushAt: 100 });
  });
  afterAll(async () => {
    await legacy?.shutdownAsync();
    await client?.shutdown();
    await app?.close();
  });

  async function traceOf(name: string): Promise<string> {
    const t = legacy.trace({ name, input: "doomed", timestamp: at(30) } as any);
    t.span({ name: "inner" });
    await legacy.flushAsync();
    await app.drainQueues();
    return t.id;
  }

  it("deletes one trace with everything attached; it is gone from reads", async () => {
    const id = await traceOf("doomed-1");

    const answer = await client.api.trace.delete(id);

    expect(answer).toEqual({ message: "Trace deleted successfully" });
    expect((await failure(client.api.trace.get(id))).statusCode).toBe(404);
    expect((await client.api.legacy.observationsV1.getMany({ traceId: id })).meta.totalItems).toBe(0);
  });

  it("deletes several traces at once", async () => {
    const a = await traceOf("doomed-2");
    const b = await traceOf("doomed-3");

    const answer = await client.api.trace.deleteMultiple({ traceIds: [a, b] });

    expect(answer).toEqual({ message: "Traces deleted successfully" });
    expect((await client.api.trace.list({ name: "doomed-2" })).meta.totalItems).toBe(0);
    expect((await client.api.trace.list({ name: "doomed-3" })).meta.totalItems).toBe(0);
  });

  it("deletes nothing when one of several ids is unknown", async () => {
    const a = await traceOf("kept");

    const refused = await failure(client.api.trace.deleteMultiple({ traceIds: [a, "nope"] }));

    expect(refused).toEqual({
      statusCode: 404,
      body: { message: "Trace 'nope' not found", error: "LangfuseNotFoundError", code: "not_found" },
    });
    expect((await client.api.trace.get(a)).name).toBe("kept");
  });

  it("answers 404 for an unknown trace id and a VIEWER key's delete is forbidden", async () => {
    const kept = await traceOf("guarded");
    const viewer = (await app.call("POST", "/v1/api-keys", { key, body: { role: "VIEWER" } })).body;

    const unknown = await app.call("DELETE", "/api/public/traces/nope", { key });
    const forbidden = await app.call("DELETE", `/api/public/traces/${kept}`, { key: viewer });

    expect(unknown).toMatchObject({
      status: 404,
      body: { message: "Trace 'nope' not found", error: "LangfuseNotFoundError" },
    });
    expect(forbidden).toMatchObject({ status: 403, body: { error: "ForbiddenError", code: "forbidden" } });
  });
});
