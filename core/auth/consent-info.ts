import { eq } from "drizzle-orm";
import type * as z from "zod";
import type { Deps } from "../platform/deps";
import { invalid, notFound } from "../platform/errors";
import type { ConsentInfo, ConsentInfoQuery } from "./consent.schema";
import { authOauthClients } from "./oauth.sql";
import { DEFAULT_SCOPES, scopeList, scopeWords } from "./oauth-scopes";

/**
 * What the consent page shows (docs/mcp.md, "Consent"): the client as it registered itself (its name, or none),
 * the host the authorization code goes to, and each scope in words. The redirect must be one the client
 * registered, so the host shown is one the code can reach; better-auth checked it (and signed the request)
 * before sending the person to the page.
 * @throws not_found for an unknown or disabled client; invalid_input for a redirect the client did not register.
 */
export async function describeConsent(
  deps: Pick<Deps, "db">,
  query: z.output<typeof ConsentInfoQuery>,
): Promise<z.output<typeof ConsentInfo>> {
  const [client] = await deps.db
    .select({
      id: authOauthClients.clientId,
      name: authOauthClients.name,
      uri: authOauthClients.uri,
      icon: authOauthClients.icon,
      redirectUris: authOauthClients.redirectUris,
      disabled: authOauthClients.disabled,
    })
    .from(authOauthClients)
    .where(eq(authOauthClients.clientId, query.client_id));
  if (!client || client.disabled) throw notFound("OAuth client", query.client_id);
  if (!client.redirectUris.includes(query.redirect_uri))
    throw invalid("redirect_uri is not one the client registered", { redirect_uri: query.redirect_uri });
  // better-auth grants an authorize request without scopes our default ones (core/auth/mcp-oauth.ts).
  const asked = scopeList(query.scope);
  const scopes = asked.length ? asked : [...DEFAULT_SCOPES];
  return {
    client: { id: client.id, name: client.name?.trim() || null, uri: client.uri, logoUri: client.icon },
    redirectUri: query.redirect_uri,
    redirectHost: redirectHost(query.redirect_uri),
    scopes: scopes.map((scope) => ({ scope, description: scopeWords(scope) })),
  };
}

/** The host of an http(s) redirect; a native app's private-use scheme (`com.example.app:/cb`) is shown as its scheme. */
function redirectHost(uri: string): string {
  try {
    const url = new URL(uri);
    return url.host || url.protocol.replace(/:$/, "");
  } catch {
    return uri;
  }
}
