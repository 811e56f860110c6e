import type { Role } from "./roles";

/**
 * Who is calling, bound to exactly one project: an API key (HTTP Basic), or a person's sign-in session with
 * the role of their membership in that project's organization, read on every request (docs/auth.md, "Sessions").
 */
export interface Principal {
  kind: "key" | "session";
  /** The key's id; for a session `user:<userId>`, so actor columns (reviewer, createdBy) name the person. */
  keyId: string;
  /** The key's public key; empty for a session. */
  publicKey: string;
  /** The signed-in person (sessions only). */
  userId?: string;
  projectId: string;
  orgId: string;
  role: Role;
  /** An OAuth token's scopes (docs/mcp.md, "Scopes"), which bound the MCP tools it may call; absent for keys and sessions. */
  scopes?: readonly string[];
}
