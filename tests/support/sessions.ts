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
export async function sessionCall(app: TestApp, jar: Jar | null, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(jar && jar.cookies.size ? { cookie: jar.header() } : {}), ...(method !== "GET" && path.startsWith("/v1/auth/") ? { origin: app.url } : {}), ...options.headers };
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
  const answer = await sessionCall(app, jar, "POST", "/v1/auth/sign-up/email", { body: { email, password, name: email.split("@")[0] } });
  return { jar, answer };
}

export async function signIn(app: TestApp, email: string, password = PASSWORD): Promise<{ jar: Jar; answer: Answer }> {
  const jar = new Jar();
  const answer = await sessionCall(app, jar, "POST", "/v1/auth/sign-in/email", { body: { email, password } });
  return { jar, answer };
}

/** Signs up and fails the test unless it worked. */
export async function person(app: TestApp, email = uniqueEmail()): Promise<{ jar: Jar; email: string; me: any; csrf: string }> {
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
  const otp = createOTP(secret, { digits: Number(url.searchParams.get("digits") ?? 6), period: Number(url.searchParams.get("period") ?? 30) });
  if (offsetSteps === 0) return otp.totp();
  return otp.hotp(Math.floor(Date.now() / 1000 / Number(url.searchParams.get("period") ?? 30)) + offsetSteps);
}
