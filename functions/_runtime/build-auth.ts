import * as Auth from "@core/auth";
import { createAuth } from "@core/auth/create-auth";
import type { Mailer } from "@core/platform/ports";
import { authConfig } from "./auth";
import type { Env } from "./env";

/*
 * Apart from auth.ts, whose secret and settings every cookie route reads: this file loads better-auth and its
 * plugins, which only the sign-in routes and the composition roots need (docs/auth.md, "Start-up").
 */

/** The auth service of a composition root; without a secret, one that refuses sign-in and knows no session. */
export function buildAuth(
  deps: Omit<Auth.AuthDeps, "mailer">,
  mailer: Mailer,
  env: Env,
  secret: string | null,
  baseUrl?: string,
): Auth.AuthService {
  if (!secret) return Auth.unavailableAuth();
  return createAuth({ ...deps, mailer }, authConfig(env, secret, baseUrl));
}
