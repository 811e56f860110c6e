import * as Auth from "@core/auth";
import { authSecret } from "../auth";
import { buildAuth } from "../build-auth";
import type { Env } from "../env";
import type { BaseDeps, Port } from "../ports";

/**
 * Sign-in (better-auth): the functions that read a session cookie or answer /v1/auth open it; key-only
 * functions never do, so their bundles leave it out (docs/deployment.md, "What ships"). The auth secret comes
 * from the stage's secret; without it sign-in answers 503 and Basic keys still work. Mail goes through the auth
 * function's own port (`withMailer`), so no other bundle carries the SES client.
 */
export const auth: Port<"auth"> = {
  name: "auth",
  async open(env: Env, base: BaseDeps) {
    return buildAuth(base, Auth.noMailer, env, await authSecret(env, { persist: false }));
  },
};
