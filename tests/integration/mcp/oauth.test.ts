import { createHash, randomBytes } from "node:crypto";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Jar, person, provenPerson, uniqueEmail } from "../../support/sessions";

/* OAuth 2.1 for /v1/mcp (docs/mcp.md, "OAuth"): the official client discovers, registers, authorizes with PKCE. */
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
const REDIRECT = "https://client.example/callback";

type ToolAnswer = { content: { type: string; text: string }[]; structuredContent?: any; isError?: boolean };

/** A person's MCP client: the authorize step is a browser with the session cookie, accepting the consent page. */
class BrowserlessProvider implements OAuthClientProvider {
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = "";
  code = "";
  constructor(
    private readonly app: TestApp,
    private readonly jar: Jar,
  ) {}
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "sightline-test",
      redirect_uris: [REDIRECT],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  async redirectToAuthorization(url: URL) {
    this.code = await authorize(this.app, this.jar, url);
  }
}

/** GET the authorize URL with the cookie; when it asks for consent, grant it; the code from the final redirect. */
async function authorize(app: TestApp, jar: Jar, url: URL): Promise<string> {
  const res = await fetch(url, { headers: { cookie: jar.header() }, redirect: "manual" });
  // better-auth answers a fetch (no HTML Accept) with `{redirect, url}` instead of a 302.
  const text = await res.text();
  const json = res.status === 200 ? (JSON.parse(text) as { url?: string }) : {};
  let location = new URL(res.headers.get("location") ?? json.url ?? "", app.url);
  if (location.pathname === "/consent") {
    const consent = await fetch(`${app.url}/v1/auth/oauth2/consent`, {
      method: "POST",
      headers: { cookie: jar.header(), origin: app.url, "content-type": "application/json" },
      body: JSON.stringify({ accept: true, oauth_query: location.search.slice(1) }),
    });
    const body = (await consent.json()) as { redirect_uri?: string; url?: string };
    if (consent.status !== 200) throw new Error(`consent failed: ${consent.status} ${JSON.stringify(body)}`);
    location = new URL(body.redirect_uri ?? body.url ?? "");
  }
  const code = location.searchParams.get("code");
  if (!code) throw new Error(`no code in ${location} (authorize answered ${res.status} ${text.slice(0, 200)})`);
  return code;
}

describe("MCP over OAuth 2.1", () => {
  let app: TestApp;
  let member: Awaited<ReturnType<typeof person>>;
  let viewer: Awaited<ReturnType<typeof person>>;
  const clients: Client[] = [];

  /** The whole flow through the SDK: 401 → discovery → registration → authorize (PKCE) → token → connected. */
  const connect = async (who: { jar: Jar }) => {
    const provider = new BrowserlessProvider(app, who.jar);
    const url = new URL(`${app.url}/v1/mcp`);
    const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
    await expect(new Client({ name: "sightline-test", version: "1.0.0" }).connect(first)).rejects.toThrow(
      /Unauthorized/,
    );
    await first.finishAuth(provider.code);
    const client = new Client({ name: "sightline-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
    clients.push(client);
    return { client, provider };
  };

  beforeAll(async () => {
    app = await startTestApp();
    await person(app, uniqueEmail("owner"));
    for (const [role, set] of [
      ["MEMBER", (p: typeof member) => (member = p)],
      ["VIEWER", (p: typeof member) => (viewer = p)],
    ] as const) {
      const email = uniqueEmail(role.toLowerCase());
      const invited = await app.call("PUT", "/v1/memberships", { body: { email, role } });
      if (invited.status !== 200) throw new Error(`invitation failed: ${invited.status}`);
      set(await provenPerson(app, email));
    }
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await app?.close();
  });

  it("publishes the protected-resource and authorization-server metadata", async () => {
    const resource = await fetch(`${app.url}/.well-known/oauth-protected-resource/v1/mcp`);
    const rbody = (await resource.json()) as any;
    expect(resource.status).toBe(200);
    expect(rbody.resource).toBe(`${app.url}/v1/mcp`);
    expect(rbody.authorization_servers).toEqual([`${app.url}/v1/auth`]);
    const server = await fetch(`${app.url}/.well-known/oauth-authorization-server/v1/auth`);
    const sbody = (await server.json()) as any;
    expect(server.status).toBe(200);
    expect(sbody.issuer).toBe(`${app.url}/v1/auth`);
    expect(sbody.registration_endpoint).toBe(`${app.url}/v1/auth/oauth2/register`);
    expect(sbody.code_challenge_methods_supported).toEqual(["S256"]);
  });

  it("answers a missing or garbage bearer with 401, the error body and the Bearer challenge", async () => {
    for (const authorization of [undefined, "Bearer not-a-token"]) {
      const res = await fetch(`${app.url}/v1/mcp`, {
        method: "POST",
        headers: {
          ...(authorization ? { authorization } : {}),
          accept: "application/json, text/event-stream",
          "content-type": "application/json",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
      });
      expect(res.status).toBe(401);
      expect(((await res.json()) as any).error.code).toBe("unauthorized");
      expect(res.headers.get("www-authenticate")).toBe(
        `Bearer resource_metadata="${app.url}/.well-known/oauth-protected-resource/v1/mcp", scope="sightline:read sightline:write offline_access", Basic realm="sightline"`,
      );
    }
  });

  it("lets a MEMBER connect with OAuth, list 15 tools, call a read tool and a write tool", async () => {
    const { client, provider } = await connect(member);
    // The SDK asks for the scopes the challenge names (docs/mcp.md, "Scopes"): both, and a refresh token.
    expect(provider.saved?.scope).toBe("sightline:read sightline:write offline_access");
    expect(provider.saved?.refresh_token).toBeTruthy();
    expect((await client.listTools()).tools).toHaveLength(15);
    const traces = (await client.callTool({ name: "list_traces", arguments: {} })) as ToolAnswer;
    expect(traces.isError, traces.content[0]?.text).toBeFalsy();
    const saved = (await client.callTool({
      name: "save_prompt",
      arguments: { name: "oauth-prompt", type: "TEXT", content: "hi {{x}}" },
    })) as ToolAnswer;
    expect(saved.isError, saved.content[0]?.text).toBeFalsy();
    expect(saved.structuredContent).toMatchObject({ name: "oauth-prompt", version: 1 });
  });

  it("shows a VIEWER the 8 read tools and refuses save_prompt naming the role", async () => {
    const { client } = await connect(viewer);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(READ_TOOLS);
    const answer = (await client.callTool({
      name: "save_prompt",
      arguments: { name: "nope", type: "TEXT", content: "x" },
    })) as ToolAnswer;
    expect(answer.isError).toBe(true);
    expect(answer.content).toEqual([{ type: "text", text: "This tool needs the MEMBER role; the caller has VIEWER" }]);
  });

  describe("token endpoint faults", () => {
    const verifier = randomBytes(32).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    let clientId = "";
    const codeFor = async (jar: Jar, resource = `${app.url}/v1/mcp`) => {
      const url = new URL(`${app.url}/v1/auth/oauth2/authorize`);
      for (const [k, v] of Object.entries({
        response_type: "code",
        client_id: clientId,
        redirect_uri: REDIRECT,
        code_challenge: challenge,
        code_challenge_method: "S256",
        state: "s",
        scope: "openid",
        resource,
      }))
        url.searchParams.set(k, v);
      return authorize(app, jar, url);
    };
    const token = (code: string, codeVerifier: string, resource = `${app.url}/v1/mcp`) =>
      fetch(`${app.url}/v1/auth/oauth2/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          code_verifier: codeVerifier,
          client_id: clientId,
          redirect_uri: REDIRECT,
          resource,
        }).toString(),
      });

    beforeAll(async () => {
      const reg = await fetch(`${app.url}/v1/auth/oauth2/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          client_name: "fault",
          redirect_uris: [REDIRECT],
          token_endpoint_auth_method: "none",
          grant_types: ["authorization_code"],
          response_types: ["code"],
        }),
      });
      const body = (await reg.json()) as any;
      expect(reg.status, JSON.stringify(body)).toBeLessThan(300);
      clientId = body.client_id;
    });

    it("refuses a reused code with a 4xx invalid_grant", async () => {
      const code = await codeFor(member.jar);
      const once = await token(code, verifier);
      expect(once.status).toBe(200);
      const again = await token(code, verifier);
      const body = (await again.json()) as any;
      expect(again.status).toBeGreaterThanOrEqual(400);
      expect(again.status).toBeLessThan(500);
      expect(JSON.stringify(body)).toMatch(/invalid_grant/);
    });

    it("refuses a wrong code_verifier with a 4xx", async () => {
      const code = await codeFor(member.jar);
      const res = await token(code, randomBytes(32).toString("base64url"));
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    });

    it("answers 401 with the challenge to a token issued for another resource", async () => {
      const other = `${app.url}/v1/auth/oauth2/userinfo`;
      const code = await codeFor(member.jar, other);
      const res = await token(code, verifier, other);
      const body = (await res.json()) as any;
      // better-auth refuses the resource outright (it is not registered), or issues a token /v1/mcp must refuse.
      if (res.status !== 200) {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        return;
      }
      const mcp = await fetch(`${app.url}/v1/mcp`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${body.access_token}`,
          accept: "application/json, text/event-stream",
          "content-type": "application/json",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
      });
      expect(mcp.status).toBe(401);
      expect(mcp.headers.get("www-authenticate")).toMatch(/^Bearer resource_metadata=/);
    });
  });
});
