import * as Auth from "@core/auth";
import type { Mailer } from "@core/platform/ports";
import { authConfig } from "../_runtime/auth";
import type { Env } from "../_runtime/env";

export interface DeferredAuth extends Auth.AuthService {
  /** Settles when a build already started has finished its start-up; starts none (a stop waits on it). */
  settled(): Promise<void>;
}

/**
 * `npm start`'s sign-in service, with better-auth loaded when first asked for instead of before listening: loading
 * it is most of a second of start-up (docs/auth.md, "Start-up"). Until then, what needs no better-auth is answered
 * as every cookie route answers it on Lambda: the session behind a cookie (`cookieSessions`, the reader createAuth
 * itself uses) and the OAuth addresses. `/v1/auth/*` requests and `ready()` build the real service once.
 */
export function deferredAuth(
  deps: Omit<Auth.AuthDeps, "mailer">,
  mailer: Mailer,
  env: Env,
  secret: string | null,
  baseUrl: string,
): DeferredAuth {
  if (!secret) return { ...Auth.unavailableAuth(), settled: async () => undefined };
  const config = authConfig(env, secret, baseUrl);
  let built: Promise<Auth.AuthService> | null = null;
  const failedStart = (error: unknown) => deps.log.error("auth: start-up failed", { error: String(error) });
  const service = () =>
    (built ??= import("../_runtime/build-auth").then((m) => m.buildAuth(deps, mailer, env, secret, baseUrl)));
  const self: DeferredAuth = {
    ...Auth.cookieSessions(deps, config),
    oauth: Auth.oauthAddresses(config.baseUrl),
    handler: async (request) => (await service()).handler(request),
    withMailer: (other) => (other === mailer ? self : deferredAuth(deps, other, env, secret, baseUrl)),
    // As createAuth's, never rejects (a console page calls it without waiting): a build that failed is logged here
    // and fails each sign-in request.
    ready: () => service().then((s) => s.ready(), failedStart),
    settled: async () => {
      if (built) await built.then((s) => s.ready(), failedStart);
    },
  };
  return self;
}
