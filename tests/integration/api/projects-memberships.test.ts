import type { EventEnvelope } from "@core/platform/ports";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";

describe("projects and memberships", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it("creates a sibling project with its own ADMIN key and lists it", async () => {
    const created = await app.call("POST", "/v1/projects", { body: { name: "staging" } });

    const asNew = await app.call("GET", "/v1/api-keys", { key: created.body });
    const list = await app.call("GET", "/v1/projects");

    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(["id", "name", "publicKey", "secretKey"]);
    expect(asNew.body.data).toEqual([expect.objectContaining({ publicKey: created.body.publicKey, role: "ADMIN" })]);
    expect(list.body.data.map((p: any) => p.name)).toContain("staging");
  });

  it("answers 409 for a project name the organization already has", async () => {
    await app.call("POST", "/v1/projects", { body: { name: "twice" } });

    const again = await app.call("POST", "/v1/projects", { body: { name: "twice" } });

    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: { code: "conflict", message: "A project named 'twice' already exists" } });
  });

  it("records domain events in the outbox and publishes them on the bus once", async () => {
    const { relayOutbox } = await import("@core/audit");
    await app.call("POST", "/v1/projects", { body: { name: "evented" } });
    const seen: string[] = [];
    const bus = {
      publish: async (events: readonly EventEnvelope[]) => {
        for (const e of events) seen.push(`${e.type}:${(e.data as any).name ?? ""}`);
        return { failed: [] };
      },
    };

    const first = await relayOutbox({ ...app.deps, bus });
    const second = await relayOutbox({ ...app.deps, bus });

    expect(seen).toContain("project.created:evented");
    expect(first.dispatched).toBeGreaterThan(0);
    expect(second.dispatched).toBe(0);
  });

  it("keeps an event pending while the bus refuses it", async () => {
    const { relayOutbox } = await import("@core/audit");
    const accept = { publish: async () => ({ failed: [] }) };
    await relayOutbox({ ...app.deps, bus: accept });
    await app.call("POST", "/v1/api-keys", { body: { note: "retry-me" } });

    const failed = await relayOutbox({
      ...app.deps,
      bus: { publish: async (events: readonly EventEnvelope[]) => ({ failed: events.map((e) => e.id) }) },
    });
    const retried = await relayOutbox({ ...app.deps, bus: accept });

    expect(failed).toEqual({ dispatched: 0, failed: 1 });
    expect(retried).toEqual({ dispatched: 1, failed: 0 });
  });

  it("claims no batch of events within 15 s of its deadline, after the first, and leaves the rest pending", async () => {
    const { relayOutbox } = await import("@core/audit");
    const accept = { publish: async () => ({ failed: [] }) };
    await relayOutbox({ ...app.deps, bus: accept });
    for (const note of ["late-1", "late-2", "late-3"]) await app.call("POST", "/v1/api-keys", { body: { note } });
    let now = Date.now();
    const clock = { now: () => new Date(now) };
    // Each publish takes 20 s of the run's 30.
    const slow = {
      publish: async () => {
        now += 20_000;
        return { failed: [] };
      },
    };

    const stopped = await relayOutbox(
      { ...app.deps, clock, bus: slow },
      { batchSize: 1, deadline: new Date(now + 30_000) },
    );
    const rest = await relayOutbox({ ...app.deps, clock, bus: accept }, { batchSize: 1 });

    expect(stopped).toEqual({ dispatched: 1, failed: 0 });
    expect(rest).toEqual({ dispatched: 2, failed: 0 });
  });

  it("adds, changes and removes members up to ADMIN with a key", async () => {
    const added = await app.call("PUT", "/v1/memberships", { body: { email: "Ada@Example.com", role: "ADMIN" } });
    const demote = await app.call("PUT", "/v1/memberships", { body: { email: "ada@example.com", role: "MEMBER" } });
    await app.call("PUT", "/v1/memberships", { body: { email: "bob@example.com", role: "VIEWER" } });
    const demoteAgain = await app.call("PUT", "/v1/memberships", {
      body: { email: "ada@example.com", role: "VIEWER" },
    });
    const removed = await app.call("DELETE", "/v1/memberships", { body: { email: "ada@example.com" } });
    const missing = await app.call("DELETE", "/v1/memberships", { body: { email: "ada@example.com" } });

    expect(added.body).toMatchObject({ email: "ada@example.com", role: "ADMIN" });
    expect(demote.body.role).toBe("MEMBER");
    expect(demoteAgain.body.role).toBe("VIEWER");
    expect(removed.status).toBe(200);
    expect(missing.status).toBe(404);
    expect((await app.call("GET", "/v1/memberships")).body.data).toEqual([
      expect.objectContaining({ email: "bob@example.com", role: "VIEWER" }),
    ]);
    const actions = (await app.call("GET", "/v1/audit-log?targetType=membership")).body.data.map((e: any) => e.action);
    expect(actions).toEqual([
      "membership.deleted",
      "membership.updated",
      "membership.created",
      "membership.updated",
      "membership.created",
    ]);
  });

  it("answers 404 with the error body for an unknown route", async () => {
    const res = await app.call("GET", "/v1/nothing-here");

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: "not_found", message: "No route for GET /v1/nothing-here" } });
  });
});
