import { authSecret, buildOAuthResource } from "../auth";
import type { Env } from "../env";
import type { BaseDeps, Port } from "../ports";

/**
 * The MCP resource server (docs/mcp.md, "Checking tokens without the sign-in stack"): `/v1/mcp` and the OAuth
 * discovery documents check tokens and write metadata from the store and the settings, so their bundles leave
 * better-auth out (docs/deployment.md, "What ships"). Without an auth secret OAuth is off, as with the full stack.
 */
export const oauthResource: Port<"oauthResource"> = {
  name: "oauthResource",
  async open(env: Env, base: BaseDeps) {
    return buildOAuthResource(base, env, await authSecret(env, { persist: false }));
  },
};
