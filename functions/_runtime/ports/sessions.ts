import * as Auth from "@core/auth";
import { authConfig, authSecret } from "../auth";
import type { Env } from "../env";
import type { BaseDeps, Port } from "../ports";

/**
 * The session behind a console cookie, read without better-auth (docs/auth.md, "Sessions without the sign-in
 * stack"): every cookie route opens this port, so only `/v1/auth`, the OAuth routes and MCP carry the sign-in stack
 * (docs/deployment.md, "What ships"). Without an auth secret no session is valid, as with the full stack.
 */
export const sessions: Port<"sessions"> = {
  name: "sessions",
  async open(env: Env, base: BaseDeps) {
    const secret = await authSecret(env, { persist: false });
    if (!secret) return { session: async () => null, csrfToken: () => "" };
    return Auth.cookieSessions(base, authConfig(env, secret, undefined));
  },
};
