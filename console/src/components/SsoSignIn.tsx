import { Button } from "@mantine/core";
import { useState } from "react";
import { api, setSessionHint } from "../api";

/**
 * "Sign in with SSO" (docs/auth.md, "SSO"): the email's domain picks the organization's identity provider; the
 * browser goes there and comes back to `/sign-in?link=1`, where the page reads the new session, or to
 * `/sign-in?sso=1&error=…` when the IdP's answer was refused.
 */
export function SsoSignIn({
  email,
  target,
  onError,
}: {
  email: string;
  target: string;
  onError: (e: unknown) => void;
}) {
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    onError(null);
    try {
      const origin = window.location.origin;
      const next = encodeURIComponent(target);
      const answer = await api<{ url: string }>("POST", "/v1/auth/sign-in/sso", {
        body: {
          email,
          callbackURL: `${origin}/sign-in?link=1&next=${next}`,
          errorCallbackURL: `${origin}/sign-in?sso=1&next=${next}`,
        },
        anonymous: true,
      });
      setSessionHint();
      window.location.assign(answer.url);
    } catch (e) {
      onError(e);
      setBusy(false);
    }
  };
  return (
    <Button variant="light" disabled={!email} loading={busy} onClick={() => void go()} data-testid="sso-sign-in">
      Sign in with SSO
    </Button>
  );
}

/** The message for `/sign-in?sso=1&error=…`: the IdP's answer was refused (the service's description, else its code). */
export const ssoErrorOf = (params: URLSearchParams) =>
  params.get("error_description") ?? `SSO sign-in failed (${params.get("error")})`;
