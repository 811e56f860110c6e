import * as Auth from "@core/auth";
import { getDeps } from "../_runtime/deps";
import { sessions } from "../_runtime/ports/sessions";
import type { SessionResolver } from "./http-core";

/** A console session cookie, read by better-auth's rules without loading it (docs/auth.md, "Sessions without the sign-in stack"). */
export const cookieSessions: SessionResolver = {
  async resolve(request, options) {
    return Auth.sessionPrincipal(await getDeps([sessions]), request, options);
  },
};
