import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/** A person the identity provider signs in next: its subject and the email it vouches for. */
export interface IdpPerson {
  sub: string;
  email: string;
  name?: string;
}

/**
 * A real OpenID Provider (panva's `oidc-provider`) on loopback for SSO tests. Login is the test's choice
 * (`signInAs`), consent is granted by the provider itself, so a browser that follows redirects gets a code.
 */
export interface OidcIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The person the next authorization signs in. */
  signInAs(person: IdpPerson): void;
  /** Allows the redirect URI the service gave for the registered provider (its id is known only after registration). */
  allowRedirect(uri: string): void;
  close(): Promise<void>;
}

export async function startOidcIdp(): Promise<OidcIdp> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "sightline-test";
  const clientSecret = `secret-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
  const people = new Map<string, IdpPerson>();
  const redirects: string[] = [];
  let next: IdpPerson | null = null;
  let provider: Provider | null = null;

  // The client's redirect URIs are read per request, so one registered after start works.
  const build = () =>
    new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: redirects.length ? [...redirects] : [`${issuer}/none`],
          grant_types: ["authorization_code"],
          response_types: ["code"],
        },
      ],
      claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
      async findAccount(_ctx: unknown, sub: string) {
        const person = people.get(sub);
        if (!person) return undefined;
        return {
          accountId: sub,
          claims: async () => ({ sub, email: person.email, email_verified: true, name: person.name ?? person.email }),
        };
      },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      // Consent is implied: every client gets the scopes it asked for.
      async loadExistingGrant(ctx: any) {
        const session = ctx.oidc.session!;
        const client = ctx.oidc.client!;
        const grant = new ctx.oidc.provider.Grant({ accountId: session.accountId!, clientId: client.clientId });
        grant.addOIDCScope(String(ctx.oidc.params?.scope ?? "openid"));
        await grant.save();
        return grant;
      },
      features: { devInteractions: { enabled: false } },
      pkce: { required: () => false },
      cookies: { keys: ["test-cookie-key"] },
    });

  server.on("request", async (req, res) => {
    provider ??= build();
    const match = req.url?.match(/^\/interaction\/([^/?]+)/);
    if (!match) return provider.callback()(req, res);
    try {
      // The login step: the test chose who signs in.
      if (!next) throw new Error("signInAs() was not called");
      people.set(next.sub, next);
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: next.sub } },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(person) {
      next = person;
    },
    allowRedirect(uri) {
      redirects.push(uri);
      provider = null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
