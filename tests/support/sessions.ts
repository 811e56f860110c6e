import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import type { TestApp } from "./local-app";

/** A browser's cookie jar for one person: what Set-Cookie gave, sent back as Cookie. */
export class Jar {
  readonly cookies = new Map<string, string>();

  take(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join("; ");
  }

  /** A copy, to replay an old cookie after this jar moved on. */
  clone(): Jar {
    const copy = new Jar();
    for (const [n, v] of this.cookies) copy.cookies.set(n, v);
    return copy;
  }
}

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

/** A request with the jar's cookies and no Basic key; better-auth's own POSTs carry the app's Origin as a browser would. */
export async function sessionCall(
  app: TestApp,
  jar: Jar | null,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    ...(jar?.cookies.size ? { cookie: jar.header() } : {}),
    ...(method !== "GET" && path.startsWith("/v1/auth/") ? { origin: app.url } : {}),
    ...options.headers,
  };
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await fetch(`${app.url}${path}`, { method, headers, body, redirect: "manual" });
  jar?.take(res.headers);
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {}
  return { status: res.status, body: parsed as any, headers: res.headers };
}

export const uniqueEmail = (tag = "person") => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;
export const PASSWORD = "correct horse battery staple";

/** Signs up through the real endpoint; the jar then holds the session cookie. */
export async function signUp(app: TestApp, email: string, password = PASSWORD): Promise<{ jar: Jar; answer: Answer }> {
  const jar = new Jar();
  const answer = await sessionCall(app, jar, "POST", "/v1/auth/sign-up/email", {
    body: { email, password, name: email.split("@")[0] },
  });
  return { jar, answer };
}

export async function signIn(app: TestApp, email: string, password = PASSWORD): Promise<{ jar: Jar; answer: Answer }> {
  const jar = new Jar();
  const answer = await sessionCall(app, jar, "POST", "/v1/auth/sign-in/email", { body: { email, password } });
  return { jar, answer };
}

/** Signs up and fails the test unless it worked. */
export async function person(
  app: TestApp,
  email = uniqueEmail(),
): Promise<{ jar: Jar; email: string; me: any; csrf: string }> {
  const { jar, answer } = await signUp(app, email);
  if (answer.status !== 200) throw new Error(`sign-up failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  const me = await sessionCall(app, jar, "GET", "/v1/me");
  if (me.status !== 200) throw new Error(`GET /v1/me failed: ${me.status} ${JSON.stringify(me.body)}`);
  return { jar, email, me: me.body, csrf: me.body.csrfToken };
}

/** The current TOTP code for an `otpauth://` URI, as an authenticator app computes it. */
export async function totpCode(uri: string, offsetSteps = 0): Promise<string> {
  const url = new URL(uri);
  const secret = base32.decode(url.searchParams.get("secret")!);
  const otp = createOTP(secret, {
    digits: Number(url.searchParams.get("digits") ?? 6),
    period: Number(url.searchParams.get("period") ?? 30),
  });
  if (offsetSteps === 0) return otp.totp();
  return otp.hotp(Math.floor(Date.now() / 1000 / Number(url.searchParams.get("period") ?? 30)) + offsetSteps);
}

/** The link in the last email with `subject` sent to `email`. */
export function mailedLink(app: TestApp, email: string, subject: RegExp): URL {
  const mail = app.mail.filter((m) => m.to === email && subject.test(m.subject)).at(-1);
  if (!mail) throw new Error(`no email "${subject.source}" to ${email}`);
  return new URL(mail.text.match(/https?:\/\/\S+/)![0]);
}

/** Opens the verification link a password sign-up was mailed (docs/auth.md, "Invitations and proven addresses"), in `jar`'s browser. */
export async function followVerification(app: TestApp, email: string, jar: Jar = new Jar()): Promise<Answer> {
  const link = mailedLink(app, email, /^Confirm your email/);
  return sessionCall(app, jar, "GET", `${link.pathname}${link.search}`);
}

/** Asks for a magic link and opens it in a fresh browser: the address is proven, and the jar holds the session. */
export async function magicLinkSignIn(app: TestApp, email: string): Promise<{ jar: Jar; answer: Answer }> {
  const asked = await sessionCall(app, null, "POST", "/v1/auth/sign-in/magic-link", { body: { email } });
  if (asked.status !== 200) throw new Error(`magic link refused: ${asked.status} ${JSON.stringify(asked.body)}`);
  const link = mailedLink(app, email, /sign-in link/);
  const jar = new Jar();
  const answer = await sessionCall(app, jar, "GET", `${link.pathname}${link.search}`);
  return { jar, answer };
}

/**
 * A person who signs up with a password and proves the address with the mailed link, as an invited person does
 * before their invitations apply; fails the test unless both worked.
 */
export async function provenPerson(
  app: TestApp,
  email = uniqueEmail(),
): Promise<{ jar: Jar; email: string; me: any; csrf: string }> {
  const { jar, answer } = await signUp(app, email);
  if (answer.status !== 200) throw new Error(`sign-up failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  const verified = await followVerification(app, email, jar);
  if (verified.status !== 302)
    throw new Error(`verification failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  const me = await sessionCall(app, jar, "GET", "/v1/me");
  if (me.status !== 200) throw new Error(`GET /v1/me failed: ${me.status} ${JSON.stringify(me.body)}`);
  return { jar, email, me: me.body, csrf: me.body.csrfToken };
}
