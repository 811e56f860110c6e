/*
 * The OAuth scopes of the MCP resource (docs/mcp.md, "Scopes"): `sightline:read` lets a token call the read tools,
 * `sightline:write` the tools that write; the person's membership role still bounds both. The OIDC scopes are
 * better-auth's defaults, kept so identity clients work as before.
 */

export const READ_SCOPE = "sightline:read";
export const WRITE_SCOPE = "sightline:write";
/** better-auth issues a refresh token only when this scope was granted. */
export const OFFLINE_SCOPE = "offline_access";

/** Every scope the authorization server accepts; the protected-resource metadata lists the two of the resource. */
export const OAUTH_SCOPES = ["openid", "profile", "email", OFFLINE_SCOPE, READ_SCOPE, WRITE_SCOPE] as const;

/** What an MCP client asks for: our 401 challenge names these, and MCP clients request them (docs/mcp.md, "Scopes"). */
export const MCP_REQUESTED_SCOPES = [READ_SCOPE, WRITE_SCOPE, OFFLINE_SCOPE] as const;

/** An authorize request that names no scope gets read-only access (and stays connected): the safe default. */
export const DEFAULT_SCOPES = [READ_SCOPE, OFFLINE_SCOPE] as const;

/** Each scope in words, as the consent page shows it. */
const WORDS: Record<string, string> = {
  [READ_SCOPE]: "Read traces, observations, metrics, prompts, datasets and review queues",
  [WRITE_SCOPE]:
    "Change data: save prompts and move their labels, add dataset items, write scores, run evaluators and submit reviews",
  [OFFLINE_SCOPE]:
    "Stay connected: renew its access without asking you again, until you sign out or the grant is revoked",
  openid: "Know who you are (your user id)",
  profile: "Read your name and picture",
  email: "Read your email address",
};

/** A scope in words; one we do not know is shown as itself. */
export const scopeWords = (scope: string): string => WORDS[scope] ?? scope;

/** The scopes of a space-separated `scope` claim or parameter. */
export const scopeList = (value: unknown): string[] =>
  typeof value === "string" ? value.split(" ").filter(Boolean) : [];
