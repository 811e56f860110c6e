import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";

/** Who the provider's sign-in page signs in: the next authorization answers as this person. */
export interface ProviderPerson {
  id: string;
  name: string;
  email: string;
  verified: boolean;
}

interface Grant {
  person: ProviderPerson;
  clientId: string;
  redirectUri: string;
  nonce?: string;
}

const CLIENT_SECRET = "test-client-secret";

/**
 * A loopback HTTP server speaking one provider's side of the authorization-code flow: its authorize page signs in
 * `person` at once and redirects back with a one-time code; the token endpoint checks the client, the code and the
 * redirect URI. Subclasses add GitHub's REST API or Google's OpenID Connect documents.
 */
abstract class FakeProvider {
  readonly clientId = `client-${randomBytes(4).toString("hex")}`;
  readonly clientSecret = CLIENT_SECRET;
  person: ProviderPerson = { id: "1", name: "Octo Cat", email: "octo@example.com", verified: true };
  url = "";
  /** Every token request's form, to assert what the app sent. */
  readonly tokenRequests: Record<string, string>[] = [];
  protected readonly grants = new Map<string, Grant>();
  protected readonly tokens = new Map<string, ProviderPerson>();
  private server?: Server;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let raw = "";
      req.on("data", (c) => (raw += c));
      req.on("end", () => {
        this.route(req, res, raw).catch((e: unknown) =>
          json(res, 500, { error: "server_error", error_description: String(e) }),
        );
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, "127.0.0.1", r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }

  protected abstract route(req: IncomingMessage, res: ServerResponse, raw: string): Promise<void>;

  /** The authorize page: the person is signed in and consents, and goes back to the app with a code. */
  protected authorize(url: URL, res: ServerResponse): void {
    const q = url.searchParams;
    const redirectUri = q.get("redirect_uri");
    if (q.get("client_id") !== this.clientId || !redirectUri || q.get("response_type") !== "code") {
      json(res, 400, { error: "invalid_request" });
      return;
    }
    const code = randomBytes(12).toString("hex");
    this.grants.set(code, {
      person: { ...this.person },
      clientId: this.clientId,
      redirectUri,
      ...(q.get("nonce") ? { nonce: q.get("nonce")! } : {}),
    });
    const back = new URL(redirectUri);
    back.searchParams.set("code", code);
    if (q.get("state")) back.searchParams.set("state", q.get("state")!);
    res.writeHead(302, { location: back.toString() }).end();
  }

  /** The token endpoint's checks: a known, unused code for this client and redirect URI, and the client's secret. */
  protected redeem(req: IncomingMessage, raw: string): Grant | null {
    const form = Object.fromEntries(new URLSearchParams(raw));
    this.tokenRequests.push(form);
    const basic = req.headers.authorization?.startsWith("Basic ")
      ? Buffer.from(req.headers.authorization.slice(6), "base64").toString().split(":").map(decodeURIComponent)
      : null;
    const [clientId, secret] = basic ?? [form.client_id, form.client_secret];
    const grant = form.code ? this.grants.get(form.code) : undefined;
    if (form.code) this.grants.delete(form.code);
    if (
      !grant ||
      form.grant_type !== "authorization_code" ||
      clientId !== this.clientId ||
      secret !== this.clientSecret ||
      form.redirect_uri !== grant.redirectUri
    )
      return null;
    return grant;
  }

  protected bearer(req: IncomingMessage): ProviderPerson | undefined {
    const token = req.headers.authorization?.replace(/^Bearer /i, "");
    return token ? this.tokens.get(token) : undefined;
  }

  protected issueAccessToken(person: ProviderPerson): string {
    const token = `at-${randomBytes(12).toString("hex")}`;
    this.tokens.set(token, person);
    return token;
  }
}

/** GitHub: `/login/oauth/authorize`, `/login/oauth/access_token`, and the API's `/user` and `/user/emails` (same host). */
export class FakeGitHub extends FakeProvider {
  protected async route(req: IncomingMessage, res: ServerResponse, raw: string): Promise<void> {
    const url = new URL(req.url ?? "/", this.url);
    if (req.method === "GET" && url.pathname === "/login/oauth/authorize") return this.authorize(url, res);
    if (req.method === "POST" && url.pathname === "/login/oauth/access_token") {
      const grant = this.redeem(req, raw);
      // GitHub answers a bad code with 200 and an error field.
      if (!grant)
        return json(res, 200, {
          error: "bad_verification_code",
          error_description: "The code passed is incorrect or expired.",
        });
      return json(res, 200, {
        access_token: this.issueAccessToken(grant.person),
        token_type: "bearer",
        scope: "read:user,user:email",
      });
    }
    const person = this.bearer(req);
    if (!person) return json(res, 401, { message: "Bad credentials" });
    // A GitHub profile's `email` is the public one; this person keeps theirs private, as most do.
    if (url.pathname === "/user")
      return json(res, 200, {
        id: Number(person.id),
        login: person.name.toLowerCase().replace(/\s+/g, "-"),
        name: person.name,
        email: null,
        avatar_url: `${this.url}/avatar/${person.id}`,
      });
    if (url.pathname === "/user/emails")
      return json(res, 200, [{ email: person.email, primary: true, verified: person.verified, visibility: null }]);
    json(res, 404, { message: "Not Found" });
  }
}

/** Google: OpenID Connect discovery, JWKS, authorize, token (with an RS256 id_token), userinfo. */
export class FakeGoogle extends FakeProvider {
  private keys?: { privateKey: Awaited<ReturnType<typeof generateKeyPair>>["privateKey"]; jwk: JWK };

  override async start(): Promise<this> {
    const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
    this.keys = { privateKey, jwk: { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" } };
    return super.start();
  }

  protected async route(req: IncomingMessage, res: ServerResponse, raw: string): Promise<void> {
    const url = new URL(req.url ?? "/", this.url);
    if (url.pathname === "/.well-known/openid-configuration") {
      return json(res, 200, {
        issuer: this.url,
        authorization_endpoint: `${this.url}/o/oauth2/v2/auth`,
        token_endpoint: `${this.url}/token`,
        userinfo_endpoint: `${this.url}/v1/userinfo`,
        jwks_uri: `${this.url}/oauth2/v3/certs`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        scopes_supported: ["openid", "email", "profile"],
        token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
      });
    }
    if (url.pathname === "/oauth2/v3/certs") return json(res, 200, { keys: [this.keys!.jwk] });
    if (req.method === "GET" && url.pathname === "/o/oauth2/v2/auth") return this.authorize(url, res);
    if (req.method === "POST" && url.pathname === "/token") {
      const grant = this.redeem(req, raw);
      if (!grant) return json(res, 400, { error: "invalid_grant", error_description: "Bad Request" });
      const { person } = grant;
      const idToken = await new SignJWT({
        email: person.email,
        email_verified: person.verified,
        name: person.name,
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
      })
        .setProtectedHeader({ alg: "RS256", kid: "test-key" })
        .setIssuer(this.url)
        .setAudience(grant.clientId)
        .setSubject(person.id)
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(this.keys!.privateKey);
      return json(res, 200, {
        access_token: this.issueAccessToken(person),
        token_type: "Bearer",
        expires_in: 3599,
        scope: "openid email profile",
        id_token: idToken,
      });
    }
    if (url.pathname === "/v1/userinfo") {
      const person = this.bearer(req);
      if (!person) return json(res, 401, { error: "invalid_token" });
      return json(res, 200, {
        sub: person.id,
        email: person.email,
        email_verified: person.verified,
        name: person.name,
      });
    }
    json(res, 404, { error: "not_found" });
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

/** The settings that point the service's GitHub and Google sign-in at these fakes (docs/auth.md, "GitHub and Google"). */
export const socialSettings = (github: FakeGitHub, google: FakeGoogle): Record<string, string> => ({
  SIGHTLINE_GITHUB_CLIENT_ID: github.clientId,
  SIGHTLINE_GITHUB_CLIENT_SECRET: github.clientSecret,
  SIGHTLINE_GITHUB_URL: github.url,
  SIGHTLINE_GITHUB_API_URL: github.url,
  SIGHTLINE_GOOGLE_CLIENT_ID: google.clientId,
  SIGHTLINE_GOOGLE_CLIENT_SECRET: google.clientSecret,
  SIGHTLINE_GOOGLE_ISSUER: google.url,
});
