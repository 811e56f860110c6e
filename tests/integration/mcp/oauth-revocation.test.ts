import { authUsers } from "@core/auth/auth.sql";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { grant, mcpCall, refresh, registerClient, type Tokens, toolNames } from "../../support/mcp-oauth";
import { magicLinkSignIn, person, provenPerson, sessionCall, uniqueEmail } from "../../support/sessions";

/* A grant ends at once (docs/mcp.md, "Revocation"): the access token on its next use, the refresh token at once. */
const ENDED =
  "The grant behind this token has ended (signed out, session revoked, consent withdrawn or account banned); authorize again";
const REFRESH_ENDED =
  "The grant has ended (signed out, session revoked, consent withdrawn or account banned); authorize again";

describe("MCP OAuth: bans and revocations end access at once", () => {
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof person>>;
  let clientId = "";

  /** A MEMBER of the bootstrap organization with a token pair, checked to work before the change. */
  const connected = async () => {
    const email = uniqueEmail("mcp");
    const invited = await app.call("PUT", "/v1/memberships", { body: { email, role: "MEMBER" } });
    if (invited.status !== 200) throw new Error(`invitation failed: ${invited.status}`);
    // The address is proven, so the invitation applies (docs/auth.md, "Invitations and proven addresses").
    const who = await provenPerson(app, email);
    // No scope asked: read-only and a refresh token (docs/mcp.md, "Scopes").
    const tokens = await grant(app, who.jar, clientId);
    expect(await toolNames(app, tokens.access_token)).toContain("list_traces");
    expect(tokens.refresh_token).toBeTruthy();
    return { ...who, tokens };
  };

  const expectEnded = async (tokens: Tokens) => {
    const call = await mcpCall(app, tokens.access_token, "tools/list");
    const renewed = await refresh(app, clientId, tokens.refresh_token!);

    expect(call.status).toBe(401);
    expect(call.body.error).toEqual({ code: "unauthorized", message: ENDED });
    expect(call.headers.get("www-authenticate")).toMatch(/^Bearer resource_metadata=/);
    expect(renewed.status).toBe(400);
    expect(renewed.body.error).toBe("invalid_grant");
  };

  beforeAll(async () => {
    app = await startTestApp();
    owner = await person(app, uniqueEmail("owner"));
    clientId = await registerClient(app);
  });
  afterAll(() => app?.close());

  it("ends a banned person's access token and refresh token, and nobody else's", async () => {
    const banned = await connected();
    const bystander = await connected();

    const ban = await sessionCall(app, owner.jar, "POST", "/v1/auth/admin/ban-user", {
      body: { userId: banned.me.user.id, banReason: "test" },
    });

    expect(ban.status).toBe(200);
    await expectEnded(banned.tokens);
    expect(await toolNames(app, bystander.tokens.access_token)).toContain("list_traces");
    expect((await refresh(app, clientId, bystander.tokens.refresh_token!)).status).toBe(200);
  });

  it("ends the tokens of whoever made an unproven account once the address's owner proves it by magic link", async () => {
    const email = uniqueEmail("hijacked");
    const maker = await person(app, email);
    const tokens = await grant(app, maker.jar, clientId);
    expect(await toolNames(app, tokens.access_token)).toContain("list_traces");

    const owner = await magicLinkSignIn(app, email);

    expect(owner.answer.status).toBe(302);
    await expectEnded(tokens);
  });

  it("ends them after sign out everywhere (revoke-sessions)", async () => {
    const who = await connected();

    const revoked = await sessionCall(app, who.jar, "POST", "/v1/auth/revoke-sessions", { body: {} });

    expect(revoked.status).toBe(200);
    await expectEnded(who.tokens);
  });

  it("ends them when the session the grant was made from signs out", async () => {
    const who = await connected();

    const out = await sessionCall(app, who.jar, "POST", "/v1/auth/sign-out", { body: {} });

    expect(out.status).toBe(200);
    await expectEnded(who.tokens);
  });

  it("refuses them for a banned person whose session survived (a ban written to the store)", async () => {
    const who = await connected();

    await app.deps.db.update(authUsers).set({ banned: true }).where(eq(authUsers.id, who.me.user.id));

    const call = await mcpCall(app, who.tokens.access_token, "tools/list");
    const renewed = await refresh(app, clientId, who.tokens.refresh_token!);
    expect(call.status).toBe(401);
    expect(call.body.error.message).toBe(ENDED);
    expect(renewed.status).toBe(400);
    expect(renewed.body).toEqual({ error: "invalid_grant", error_description: REFRESH_ENDED });
  });

  it("serves them again once a ban with an expiry has run out", async () => {
    const who = await connected();

    await app.deps.db
      .update(authUsers)
      .set({ banned: true, banExpires: new Date(Date.now() - 1_000) })
      .where(eq(authUsers.id, who.me.user.id));

    expect(await toolNames(app, who.tokens.access_token)).toContain("list_traces");
  });

  it("ends them when the person withdraws the consent", async () => {
    const who = await connected();
    const consents = await sessionCall(app, who.jar, "GET", "/v1/auth/oauth2/get-consents");
    const mine = consents.body.find((c: { clientId: string }) => c.clientId === clientId);

    const withdrawn = await sessionCall(app, who.jar, "POST", "/v1/auth/oauth2/delete-consent", {
      body: { id: mine.id },
    });

    expect(withdrawn.status).toBe(200);
    await expectEnded(who.tokens);
  });

  it("makes the project unreachable at once when the membership is removed", async () => {
    const who = await connected();
    const projectId = owner.me.organizations[0].projects[0].id;

    const removed = await app.call("DELETE", "/v1/memberships", { body: { email: who.email } });
    const named = await mcpCall(app, who.tokens.access_token, "tools/list", {}, { "x-sightline-project": projectId });
    const unnamed = await mcpCall(app, who.tokens.access_token, "tools/list");

    expect(removed.status).toBe(200);
    expect(named.status).toBe(404);
    expect(named.body.error).toEqual({ code: "not_found", message: `project '${projectId}' not found` });
    // With no project left and none named, the same answer as for a session (docs/auth.md, "Choosing a project").
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error.code).toBe("project_required");
  });
});
