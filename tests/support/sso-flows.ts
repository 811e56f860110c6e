import type { TestDnsServer } from "./dns-server";
import type { TestApp } from "./local-app";
import { type Answer, Jar, sessionCall } from "./sessions";

/**
 * A browser's OIDC sign-in: `sign-in/sso` gives the IdP's URL; the IdP's redirects are followed (its own cookie
 * jar) until it sends the browser back to the service. `callbackUrl` is where it came back; `callback` is the
 * service's answer there (a session cookie in `jar` on success), unless `follow` is false.
 */
export async function oidcSignIn(
  app: TestApp,
  jar: Jar,
  email: string,
  options: { follow?: boolean; body?: Record<string, unknown> } = {},
): Promise<{ start: Answer; callbackUrl: string | null; callback: Answer | null }> {
  const start = await sessionCall(app, jar, "POST", "/v1/auth/sign-in/sso", {
    body: { email, callbackURL: "/", ...options.body },
  });
  if (start.status !== 200) return { start, callbackUrl: null, callback: null };
  const idpJar = new Jar();
  let url = new URL(start.body.url as string);
  for (let hop = 0; hop < 10; hop++) {
    if (url.origin === app.url) break;
    const res = await fetch(url, {
      headers: idpJar.cookies.size ? { cookie: idpJar.header() } : {},
      redirect: "manual",
    });
    idpJar.take(res.headers);
    await res.text();
    const location = res.headers.get("location");
    if (!location) throw new Error(`IdP stopped at ${url} with ${res.status}`);
    url = new URL(location, url);
  }
  const callbackUrl = `${url.pathname}${url.search}`;
  if (options.follow === false) return { start, callbackUrl, callback: null };
  return { start, callbackUrl, callback: await sessionCall(app, jar, "GET", callbackUrl) };
}

/** A provider as `POST /v1/sso-providers` answers it, the parts the proof needs. */
interface Registered {
  id: string;
  verificationRecord: { name: string; value: string };
}

/**
 * What an organization does to prove its domain (docs/auth.md, "Proving the domain"): publishes the record the
 * registration named at the loopback name server, then asks the service to verify. Fails the test unless verified.
 */
export async function proveDomain(
  app: TestApp,
  dns: TestDnsServer,
  provider: Registered,
  call: (path: string) => Promise<Answer> = (path) => app.call("POST", path),
): Promise<Answer> {
  dns.setTxt(provider.verificationRecord.name, [provider.verificationRecord.value]);
  const verified = await call(`/v1/sso-providers/${provider.id}/verify`);
  if (verified.status !== 200 || verified.body.verified !== true)
    throw new Error(`verify failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  return verified;
}
