import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Receiver, startReceiver } from "../../support/receiver";
import { provenPerson, sessionCall, uniqueEmail } from "../../support/sessions";

type Key = { publicKey: string; secretKey: string };

/** Comments end to end (docs/comments.md): objects, authors, mentions, the audit log and `comment.created`. */
describe("comments", () => {
  let app: TestApp;
  let hook: Receiver;
  let member: Key;
  let projectId: string;
  const traceId = `trace-${Math.random().toString(36).slice(2)}`;
  const observationId = `obs-${Math.random().toString(36).slice(2)}`;
  const sessionId = `session-${Math.random().toString(36).slice(2)}`;
  const comment = (body: Record<string, unknown>, key?: Key) =>
    app.call("POST", "/v1/comments", { key, body: { objectType: "TRACE", objectId: traceId, ...body } });
  const thread = async (type: string, id: string) =>
    (await app.call("GET", `/v1/comments?objectType=${type}&objectId=${encodeURIComponent(id)}`)).body;

  beforeAll(async () => {
    hook = await startReceiver();
    app = await startTestApp();
    member = (await app.call("POST", "/v1/api-keys", { body: { role: "MEMBER" } })).body;
    projectId = (await app.call("GET", "/v1/projects")).body.data[0].id;
    await ingest(app, [
      ev("trace-create", { id: traceId, name: "answer", sessionId }),
      ev("generation-create", { id: observationId, traceId, name: "llm" }),
    ]);
  });
  afterAll(async () => {
    await app?.close();
    await hook?.close();
  });

  it("adds a markdown comment to a trace by an API key, lists it in the thread and records it in the audit log", async () => {
    const made = await comment({ body: "**Wrong** answer: see `retrieval`." });
    const listed = await thread("TRACE", traceId);
    const audit = await app.call("GET", "/v1/audit-log");

    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      objectType: "TRACE",
      objectId: traceId,
      body: "**Wrong** answer: see `retrieval`.",
      author: { type: "api_key", email: null },
      mentions: [],
    });
    expect(made.body.createdAt).toBe(made.body.updatedAt);
    expect(listed.data.map((c: { id: string }) => c.id)).toContain(made.body.id);
    expect(listed.nextCursor).toBeNull();
    expect(audit.body.data[0]).toMatchObject({
      action: "comment.created",
      target: { type: "comment", id: made.body.id },
    });
  });

  it("comments on an observation, a session and a prompt version, each in its own thread", async () => {
    const saved = await app.call("POST", "/v1/prompts", {
      body: { name: `p-${Math.random().toString(36).slice(2)}`, type: "TEXT", content: "Hi" },
    });
    const versionId = (await app.call("GET", `/v1/prompts/${saved.body.name}?version=1`)).body.id;

    const onObservation = await app.call("POST", "/v1/comments", {
      body: { objectType: "OBSERVATION", objectId: observationId, body: "slow" },
    });
    const onSession = await app.call("POST", "/v1/comments", {
      body: { objectType: "SESSION", objectId: sessionId, body: "whole chat" },
    });
    const onPrompt = await app.call("POST", "/v1/comments", {
      body: { objectType: "PROMPT", objectId: versionId, body: "too terse" },
    });

    expect([onObservation.status, onSession.status, onPrompt.status]).toEqual([201, 201, 201]);
    expect((await thread("OBSERVATION", observationId)).data.map((c: { body: string }) => c.body)).toEqual(["slow"]);
    expect((await thread("SESSION", sessionId)).data.map((c: { body: string }) => c.body)).toEqual(["whole chat"]);
    expect((await thread("PROMPT", versionId)).data.map((c: { body: string }) => c.body)).toEqual(["too terse"]);
  });

  it("answers 404 naming the object for an id the project does not hold, and stores nothing", async () => {
    const cases = [
      ["TRACE", "nope", "Trace 'nope' not found"],
      ["OBSERVATION", "nope", "Observation 'nope' not found"],
      ["SESSION", "nope", "Session 'nope' not found"],
      ["PROMPT", "nope", "Prompt version 'nope' not found"],
    ];
    for (const [objectType, objectId, message] of cases) {
      const res = await app.call("POST", "/v1/comments", { body: { objectType, objectId, body: "x" } });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 404,
        body: { error: { code: "not_found", message } },
      });
    }
    expect((await app.call("GET", "/v1/comments?objectType=TRACE&objectId=nope")).status).toBe(404);
  });

  it("refuses an empty body, one over 5000 characters and an unknown object type with 400", async () => {
    const empty = await comment({ body: "   " });
    const long = await comment({ body: "x".repeat(5001) });
    const type = await app.call("POST", "/v1/comments", { body: { objectType: "DATASET", objectId: "d", body: "x" } });

    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe("Invalid body.body: must not be empty");
    expect(long.body.error.message).toBe("Invalid body.body: must be at most 5000 characters");
    expect(type.status).toBe(400);
    expect((await comment({ body: "x".repeat(5000) })).status).toBe(201);
  });

  it("lets only the author edit or delete a comment: another key gets 403 and the comment stays", async () => {
    const made = (await comment({ body: "first take" }, member)).body;

    const othersEdit = await app.call("PATCH", `/v1/comments/${made.id}`, { body: { body: "hijacked" } });
    const othersDelete = await app.call("DELETE", `/v1/comments/${made.id}`);
    const edited = await app.call("PATCH", `/v1/comments/${made.id}`, { key: member, body: { body: "second take" } });

    expect({ status: othersEdit.status, body: othersEdit.body }).toEqual({
      status: 403,
      body: { error: { code: "forbidden", message: "Only the author of a comment may edit or delete it" } },
    });
    expect(othersDelete.status).toBe(403);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: made.id, body: "second take", author: made.author, own: true });
    expect((await app.call("GET", `/v1/comments/${made.id}`)).body.own).toBe(false);
    expect((await app.call("GET", `/v1/comments/${made.id}`)).body.body).toBe("second take");

    const deleted = await app.call("DELETE", `/v1/comments/${made.id}`, { key: member });
    const gone = await app.call("GET", `/v1/comments/${made.id}`);
    const actions = (await app.call("GET", "/v1/audit-log")).body.data
      .slice(0, 2)
      .map((e: { action: string }) => e.action);

    expect(deleted.body).toEqual({ id: made.id, deleted: true });
    expect(gone.body).toEqual({ error: { code: "not_found", message: `Comment '${made.id}' not found` } });
    expect(actions).toEqual(["comment.deleted", "comment.updated"]);
  });

  it("names a signed-in person as the author, keeps mentions of members, and refuses a listed non-member", async () => {
    // Invited first, both become members once they prove their address (the first may own the organization instead).
    const emails = [uniqueEmail("writer"), uniqueEmail("colleague")];
    for (const email of emails)
      expect((await app.call("PUT", "/v1/memberships", { body: { email, role: "MEMBER" } })).status).toBe(200);
    const writer = await provenPerson(app, emails[0]);
    const colleague = await provenPerson(app, emails[1]);
    const headers = { "x-csrf-token": writer.csrf, "x-sightline-project": projectId };
    const stranger = uniqueEmail("stranger");

    const made = await sessionCall(app, writer.jar, "POST", "/v1/comments", {
      headers,
      body: { objectType: "TRACE", objectId: traceId, body: `@${colleague.email} please look; cc @${stranger}.` },
    });
    const listed = await sessionCall(app, writer.jar, "POST", "/v1/comments", {
      headers,
      body: { objectType: "TRACE", objectId: traceId, body: "see", mentions: [stranger] },
    });
    const byKey = await app.call("PATCH", `/v1/comments/${made.body.id}`, { body: { body: "edited by a key" } });

    expect(made.status).toBe(201);
    expect(made.body.author).toEqual({ type: "user", id: writer.me.user.id, email: writer.email });
    expect(made.body.mentions).toEqual([{ userId: expect.any(String), email: colleague.email }]);
    expect({ status: listed.status, message: listed.body.error.message }).toEqual({
      status: 400,
      message: `Invalid body.mentions: '${stranger}' is not a member of this project's organization`,
    });
    expect(byKey.status).toBe(403);
  });

  it("fires comment.created, which an automation on that trigger delivers with the comment", async () => {
    await app.trigger("relay-outbox");
    const automation = await app.call("POST", "/v1/automations", {
      body: {
        name: "comments",
        trigger: "comment.created",
        action: "webhook",
        target: `${hook.url}/hook`,
        filter: [{ column: "objectType", operator: "=", value: "TRACE" }],
      },
    });
    expect(automation.status).toBe(201);
    hook.received.length = 0;

    const made = (await comment({ body: "ping the team" })).body;
    await app.trigger("relay-outbox");

    const envelopes = hook.received.map((r) => JSON.parse(r.body));
    expect(envelopes).toEqual([
      expect.objectContaining({
        type: "comment.created",
        projectId,
        data: {
          id: made.id,
          objectType: "TRACE",
          objectId: traceId,
          body: "ping the team",
          author: made.author,
          mentions: [],
          createdAt: made.createdAt,
        },
      }),
    ]);
  });

  it("posts a comment as one line to a Slack automation on comment.created", async () => {
    await app.trigger("relay-outbox");
    const slack = await app.call("POST", "/v1/automations", {
      body: {
        name: "comments-to-slack",
        trigger: "comment.created",
        action: "slack",
        target: `${hook.url}/services/T/B/x`,
      },
    });
    hook.received.length = 0;

    await comment({ body: "Looks like a retrieval miss" });
    await app.trigger("relay-outbox");

    const texts = hook.received.filter((r) => r.path === "/services/T/B/x").map((r) => JSON.parse(r.body).text);
    expect(slack.status).toBe(201);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(
      new RegExp(`^API key \\S+ commented on trace ${traceId}: Looks like a retrieval miss in project ${projectId}$`),
    );
  });
});
