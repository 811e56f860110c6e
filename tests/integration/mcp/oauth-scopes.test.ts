import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { authorizeUrl, consent, grant, mcpCall, REDIRECT, registerClient, toolNames } from "../../support/mcp-oauth";
import { person, sessionCall, uniqueEmail } from "../../support/sessions";

/* Scopes bound the tools, a consent may name one project, the consent page is told who asks (docs/mcp.md, "Scopes", "Consent"). */
const READ_TOOLS = [
  "list_traces",
  "get_trace",
  "search_observations",
  "get_metrics",
  "list_prompts",
  "get_prompt",
  "list_datasets",
  "list_review_items",
];
const ALL = "sightline:read sightline:write offline_access";

type Person = Awaited<ReturnType<typeof person>>;

describe("MCP OAuth: scopes, projects and informed consent", () => {
  let app: TestApp;
  let owner: Person;
  let clientId = "";
  let projectA = "";
  let projectB = "";

  const callTool = (token: string, name: string, args: Record<string, unknown>, headers: Record<string, string> = {}) =>
    mcpCall(app, token, "tools/call", { name, arguments: args }, headers);

  beforeAll(async () => {
    app = await startTestApp();
    owner = await person(app, uniqueEmail("owner"));
    projectA = owner.me.organizations[0].projects[0].id;
    const created = await app.call("POST", "/v1/projects", {
      body: { name: `b-${Math.random().toString(36).slice(2, 8)}` },
    });
    if (created.status !== 201) throw new Error(`project failed: ${created.status}`);
    projectB = created.body.id;
    clientId = await registerClient(app, "Claude Desktop");
  });
  afterAll(() => app?.close());

  it("publishes the two scopes in the protected-resource metadata, names them in the challenge, and offers no DPoP", async () => {
    const resource = (await (await fetch(`${app.url}/.well-known/oauth-protected-resource/v1/mcp`)).json()) as any;
    const server = (await (await fetch(`${app.url}/.well-known/oauth-authorization-server/v1/auth`)).json()) as any;
    const challenge = await fetch(`${app.url}/v1/mcp`, {
      method: "POST",
      headers: { accept: "application/json, text/event-stream", "content-type": "application/json" },
      body: "{}",
    });

    expect(resource.scopes_supported).toEqual(["sightline:read", "sightline:write"]);
    expect(resource).not.toHaveProperty("dpop_signing_alg_values_supported");
    expect(server.scopes_supported).toEqual(
      expect.arrayContaining(["sightline:read", "sightline:write", "offline_access"]),
    );
    expect(server).not.toHaveProperty("dpop_signing_alg_values_supported");
    expect(challenge.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${app.url}/.well-known/oauth-protected-resource/v1/mcp", scope="${ALL}", Basic realm="sightline"`,
    );
  });

  it("gives a read-only token the read tools and refuses a write tool naming the missing scope", async () => {
    const tokens = await grant(app, owner.jar, clientId, { scope: "sightline:read offline_access" });

    const listed = await toolNames(app, tokens.access_token, { "x-sightline-project": projectA });
    const write = await callTool(
      tokens.access_token,
      "save_prompt",
      { name: "nope", type: "TEXT", content: "x" },
      { "x-sightline-project": projectA },
    );
    const read = await callTool(tokens.access_token, "list_prompts", {}, { "x-sightline-project": projectA });

    expect(tokens.scope).toBe("sightline:read offline_access");
    expect(listed).toEqual(READ_TOOLS);
    expect(write.body.result.isError).toBe(true);
    expect(write.body.result.content).toEqual([
      {
        type: "text",
        text: "This tool needs the sightline:write scope; the token grants sightline:read offline_access",
      },
    ]);
    expect(write.body.result.structuredContent.error.code).toBe("forbidden");
    expect(read.body.result.isError).toBeFalsy();
  });

  it("lets a write-scoped token write", async () => {
    const tokens = await grant(app, owner.jar, clientId, { scope: ALL });

    const saved = await callTool(
      tokens.access_token,
      "save_prompt",
      { name: "scoped-write", type: "TEXT", content: "hi" },
      { "x-sightline-project": projectA },
    );

    expect((await toolNames(app, tokens.access_token, { "x-sightline-project": projectA })).length).toBe(15);
    expect(saved.body.result.isError, saved.body.result.content[0].text).toBeFalsy();
    expect(saved.body.result.structuredContent).toMatchObject({ name: "scoped-write", version: 1 });
  });

  it("grants read-only access to an authorize request that names no scope", async () => {
    const other = await registerClient(app, "No scope asked");

    const tokens = await grant(app, owner.jar, other);

    expect(tokens.scope).toBe("sightline:read offline_access");
    expect(await toolNames(app, tokens.access_token, { "x-sightline-project": projectA })).toEqual(READ_TOOLS);
  });

  it("grants only what the person accepted when they untick write on the consent page", async () => {
    const other = await registerClient(app, "Narrowed");

    const tokens = await grant(app, owner.jar, other, { scope: ALL, acceptScope: "sightline:read offline_access" });

    expect(tokens.scope).toBe("sightline:read offline_access");
    expect(await toolNames(app, tokens.access_token, { "x-sightline-project": projectA })).toEqual(READ_TOOLS);
  });

  it("keeps a token limited to one project out of every other", async () => {
    const other = await registerClient(app, "One project");
    const inA = await app.call("POST", "/v1/prompts", { body: { name: "only-in-a", type: "TEXT", content: "a" } });
    const tokens = await grant(app, owner.jar, other, { project: projectB });

    const unnamed = await callTool(tokens.access_token, "list_prompts", {});
    const named = await callTool(tokens.access_token, "list_prompts", {}, { "x-sightline-project": projectB });
    const elsewhere = await mcpCall(app, tokens.access_token, "tools/list", {}, { "x-sightline-project": projectA });

    expect(inA.status).toBe(201);
    expect(unnamed.status).toBe(200);
    expect(unnamed.body.result.isError, JSON.stringify(unnamed.body)).toBeFalsy();
    expect(unnamed.body.result.structuredContent.data).toEqual([]);
    expect(named.body.result.structuredContent.data).toEqual([]);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error).toEqual({ code: "not_found", message: `project '${projectA}' not found` });
  });

  it("writes where the one project is, with a write-scoped token", async () => {
    const other = await registerClient(app, "One project, writes");
    const tokens = await grant(app, owner.jar, other, { scope: ALL, project: projectB });

    const saved = await callTool(tokens.access_token, "save_prompt", { name: "only-in-b", type: "TEXT", content: "b" });
    const fromA = await app.call("GET", "/v1/prompts/only-in-b");

    expect(saved.body.result.isError, saved.body.result.content[0].text).toBeFalsy();
    expect(fromA.status).toBe(404);
  });

  it("refuses a consent limited to a project the person does not reach", async () => {
    const stranger = await person(app);
    const location = await authorizeUrl(app, stranger.jar, clientId, { scope: ALL, challenge: "x".repeat(43) });

    const answer = await consent(app, stranger.jar, location.search.slice(1), { project: projectA });

    expect(location.pathname).toBe("/consent");
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: "invalid_request",
      error_description: `You have no membership for project '${projectA}'`,
    });
  });

  it("tells the consent page the client's registered name, where the code goes and the scopes in words", async () => {
    const info = await sessionCall(
      app,
      owner.jar,
      "GET",
      `/v1/oauth-consent?client_id=${clientId}&redirect_uri=${encodeURIComponent(REDIRECT)}&scope=${encodeURIComponent(ALL)}`,
    );

    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      client: { id: clientId, name: "Claude Desktop", uri: null, logoUri: null },
      redirectUri: REDIRECT,
      redirectHost: "client.example",
      scopes: [
        {
          scope: "sightline:read",
          description: "Read traces, observations, metrics, prompts, datasets and review queues",
        },
        {
          scope: "sightline:write",
          description:
            "Change data: save prompts and move their labels, add dataset items, write scores, run evaluators and submit reviews",
        },
        {
          scope: "offline_access",
          description:
            "Stay connected: renew its access without asking you again, until you sign out or the grant is revoked",
        },
      ],
    });
  });

  it("says plainly when the client registered no name, and refuses a redirect it did not register", async () => {
    const unnamed = await registerClient(app, null);

    const info = await sessionCall(
      app,
      owner.jar,
      "GET",
      `/v1/oauth-consent?client_id=${unnamed}&redirect_uri=${encodeURIComponent(REDIRECT)}`,
    );
    const elsewhere = await sessionCall(
      app,
      owner.jar,
      "GET",
      `/v1/oauth-consent?client_id=${unnamed}&redirect_uri=${encodeURIComponent("https://evil.example/cb")}`,
    );
    const unknown = await sessionCall(
      app,
      owner.jar,
      "GET",
      `/v1/oauth-consent?client_id=nope&redirect_uri=${encodeURIComponent(REDIRECT)}`,
    );
    const anonymous = await sessionCall(
      app,
      null,
      "GET",
      `/v1/oauth-consent?client_id=${unnamed}&redirect_uri=${encodeURIComponent(REDIRECT)}`,
    );

    expect(info.body.client.name).toBeNull();
    expect(info.body.redirectHost).toBe("client.example");
    expect(info.body.scopes.map((s: { scope: string }) => s.scope)).toEqual(["sightline:read", "offline_access"]);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error).toMatchObject({
      code: "invalid_input",
      message: "redirect_uri is not one the client registered",
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: "not_found", message: "OAuth client 'nope' not found" });
    expect(anonymous.status).toBe(401);
  });

  it("refuses an access token bound to a DPoP key (cnf) with 401 and says why", async () => {
    const tokens = await grant(app, owner.jar, clientId, { dpop: true });

    const call = await mcpCall(app, tokens.access_token, "tools/list", {}, { "x-sightline-project": projectA });

    expect(tokens.token_type).toBe("DPoP");
    expect(call.status).toBe(401);
    expect(call.body.error).toEqual({
      code: "unauthorized",
      message:
        "The access token is bound to a DPoP key (cnf), and this MCP server does not verify DPoP proofs; authorize again without DPoP",
    });
    expect(call.headers.get("www-authenticate")).toMatch(/^Bearer resource_metadata=/);
  });
});
