import * as z from "zod";

/** `GET /v1/oauth-consent`: what the consent page was sent (the authorize request's client, redirect and scopes). */
export const ConsentInfoQuery = z.object({
  client_id: z.string().min(1).max(512),
  redirect_uri: z.string().min(1).max(2048),
  scope: z.string().max(2048).optional().describe("space-separated, as the authorize request asked"),
});

/** What the person is asked to allow (docs/mcp.md, "Consent"). */
export const ConsentInfo = z.object({
  client: z.object({
    id: z.string(),
    name: z.string().nullable().describe("the name the client registered itself with; null when it gave none"),
    uri: z.string().nullable(),
    logoUri: z.string().nullable(),
  }),
  redirectUri: z.string(),
  redirectHost: z.string().describe("where the authorization code goes"),
  scopes: z.array(z.object({ scope: z.string(), description: z.string() })),
});
