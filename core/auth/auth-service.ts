import type { Deps } from "../platform/deps";
import type { Mailer } from "../platform/ports";
import type { SessionVerifier, SessionView } from "./cookie-session";
import type { OAuthAddresses } from "./oauth-resource";

/*
 * What every runtime knows of sign-in without loading better-auth: the service's shape and the stand-ins. The
 * service itself is built by create-auth.ts, which only the composition roots import (docs/auth.md, "Start-up").
 */

export type { SessionVerifier, SessionView };

/** Sign-in for the API: better-auth's endpoints, and the session behind a request's cookie. */
export interface AuthService extends SessionVerifier {
  /** Answers a request under `/v1/auth/*` (sign-up, sign-in, magic link, two-factor, sessions, admin). */
  handler(request: Request): Promise<Response>;
  /**
   * The same service sending mail through `mailer`: on Lambda only the auth function opens the mail port, so the
   * service every function shares is built with none (docs/auth.md, "Magic link").
   */
  withMailer(mailer: Mailer): AuthService;
  /** The MCP resource (`<base>/v1/mcp`) and this service's issuer, or null when OAuth is off. */
  readonly oauth: OAuthAddresses | null;
  /**
   * Settles when better-auth's start-up has run (its plugins write to the store then, e.g. the OAuth resource);
   * never rejects: a failed start-up is logged and every later call fails with it (docs/auth.md, "Start-up").
   */
  ready(): Promise<void>;
}

export type AuthDeps = Pick<Deps, "db" | "clock" | "ids" | "log" | "caches" | "keyRing" | "config"> & {
  mailer: Mailer;
};

/** A mailer for the service every function shares on Lambda: sending needs the auth function's mail port. */
export const noMailer: Mailer = {
  async send() {
    throw new Error("This function has no mail port: magic links are sent by the /v1/auth function");
  },
};

/** Stands in when no auth secret is configured (AWS without it): no session is valid and sign-in answers 503. */
export function unavailableAuth(): AuthService {
  return {
    handler: async () =>
      Response.json(
        {
          error: {
            code: "unavailable",
            message: "Sign-in is not configured: set SIGHTLINE_AUTH_SECRET (on AWS in the stage's secret)",
          },
        },
        { status: 503 },
      ),
    session: async () => null,
    csrfToken: () => "",
    withMailer: () => unavailableAuth(),
    oauth: null,
    ready: async () => undefined,
  };
}
