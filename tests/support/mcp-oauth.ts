import { createHash, randomBytes, randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import type { TestApp } from "./local-app";
import type { Jar } from "./sessions";

/* An MCP client's OAuth steps over plain HTTP (docs/mcp.md, "OAuth"), for tests that choose scopes and projects. */

export const REDIRECT = "https://client.example/callback";

export interface Tokens {
  access_token: string;
  refresh_token?: string;
  scope: string;
  token_type: string;
}

/** Registers a public client (RFC 7591) and answers its client_id; `name: null` registers it without a name. */
export async function registerClient(
  app: TestApp,
  name: string | null = "Test MCP client",
  redirect = REDIRECT,
): Promise<string> {
  const res = await fetch(`${app.url}/v1/auth/oauth2/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      ...(name === null ? {} : { client_name: name }),
      redirect_uris: [redirect],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    }),
  });
  const body = (await res.json()) as { client_id?: string };
  if (res.status >= 300 || !body.client_id)
    throw new Error(`registration failed: ${res.status} ${JSON.stringify(body)}`);
  return body.client_id;
}

export interface GrantOptions {
  /** The authorize request's `scope`; undefined sends none. */
  scope?: string;
  /** What the person accepts on the consent page: a subset of the scopes (space-separated), and a project. */
  acceptScope?: string;
  project?: string;
  /** Asks the token endpoint for a DPoP-bound token with a fresh key (RFC 9449). */
  dpop?: boolean;
}

/** Where the consent page was sent: the signed authorize query, or null when consent was not asked. */
export async function authorizeUrl(
  app: TestApp,
  jar: Jar,
  clientId: string,
  options: GrantOptions & { challenge: string },
): Promise<URL> {
  const url = new URL(`${app.url}/v1/auth/oauth2/authorize`);
  const params = {
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: options.challenge,
    code_challenge_method: "S256",
    state: "s",
    resource: `${app.url}/v1/mcp`,
    ...(options.scope === undefined ? {} : { scope: options.scope }),
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const res = await fetch(url, { headers: { cookie: jar.header() }, redirect: "manual" });
  // better-auth answers a fetch (no HTML Accept) with `{redirect, url}` instead of a 302.
  const text = await res.text();
  const json = res.status === 200 ? (JSON.parse(text) as { url?: string }) : {};
  return new URL(res.headers.get("location") ?? json.url ?? "", app.url);
}

/** POSTs the console's consent; answers the status and body. */
export async function consent(
  app: TestApp,
  jar: Jar,
  oauthQuery: string,
  options: { accept?: boolean; scope?: string; project?: string } = {},
) {
  const body = {
    accept: options.accept ?? true,
    oauth_query: oauthQuery,
    ...(options.scope ? { scope: options.scope } : {}),
    ...(options.project ? { project_id: options.project } : {}),
  };
  const res = await fetch(`${app.url}/v1/auth/oauth2/consent`, {
    method: "POST",
    headers: { cookie: jar.header(), origin: app.url, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** The whole flow with PKCE: authorize, consent when asked, then the code for tokens at the token endpoint. */
export async function grant(app: TestApp, jar: Jar, clientId: string, options: GrantOptions = {}): Promise<Tokens> {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  let location = await authorizeUrl(app, jar, clientId, { ...options, challenge });
  if (location.pathname === "/consent") {
    const answer = await consent(app, jar, location.search.slice(1), {
      scope: options.acceptScope,
      project: options.project,
    });
    if (answer.status !== 200) throw new Error(`consent failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    location = new URL(answer.body.redirect_uri ?? answer.body.url);
  }
  const code = location.searchParams.get("code");
  if (!code) throw new Error(`no code in ${location}`);
  const tokenUrl = `${app.url}/v1/auth/oauth2/token`;
  const res = await fetch(tokenUrl, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(options.dpop ? { dpop: await dpopProof("POST", tokenUrl) } : {}),
    },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      code_verifier: verifier,
      client_id: clientId,
      redirect_uri: REDIRECT,
      resource: `${app.url}/v1/mcp`,
    }).toString(),
  });
  const body = (await res.json()) as Tokens;
  if (res.status !== 200) throw new Error(`token failed: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** The refresh grant at the token endpoint. */
export async function refresh(
  app: TestApp,
  clientId: string,
  refreshToken: string,
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${app.url}/v1/auth/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: clientId,
    }).toString(),
  });
  return { status: res.status, body: await res.json() };
}

/** One JSON-RPC request to `/v1/mcp` with the bearer token. */
export async function mcpCall(
  app: TestApp,
  token: string,
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(`${app.url}/v1/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      accept: "application/json, text/event-stream",
      "content-type": "application/json",
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

/** The names `tools/list` answers the token. */
export async function toolNames(app: TestApp, token: string, headers: Record<string, string> = {}): Promise<string[]> {
  const res = await mcpCall(app, token, "tools/list", {}, headers);
  if (res.status !== 200) throw new Error(`tools/list: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body.result.tools as { name: string }[]).map((t) => t.name);
}

/** A DPoP proof (RFC 9449) for one request, signed by a fresh ES256 key. */
async function dpopProof(method: string, url: string): Promise<string> {
  const { publicKey, privateKey } = await generateKeyPair("ES256");
  return new SignJWT({ htm: method, htu: url, jti: randomUUID() })
    .setProtectedHeader({ alg: "ES256", typ: "dpop+jwt", jwk: await exportJWK(publicKey) })
    .setIssuedAt()
    .sign(privateKey);
}
