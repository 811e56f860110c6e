import * as Auth from "@core/auth";
import { getDeps } from "../_runtime/deps";
import { auth } from "../_runtime/ports/auth";
import type { SessionResolver } from "./http-core";

/** A console session cookie, read by better-auth; the sign-in stack opens on the first cookie request of an instance. */
export const cookieSessions: SessionResolver = {
  async resolve(request, options) {
    return Auth.sessionPrincipal(await getDeps([auth]), request, options);
  },
};
