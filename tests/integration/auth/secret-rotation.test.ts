import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { createScratchDatabase } from "../../support/scratch-db";
import { PASSWORD, person, sessionCall, signIn, totpCode } from "../../support/sessions";

const OLD = "old-auth-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
const NEW = "new-auth-secret-9876543210-zyxwvutsrqponmlkjihgfedcba";

/** One service's data started twice: before and after the auth secret is rotated (docs/auth.md, "The auth secret"). */
describe("rotating the auth secret", () => {
  let dir: string;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> = null;
  const admin = { publicKey: "pk-sl-rotation-auth", secretKey: "sk-sl-rotation-auth" };
  const start = (env: Record<string, string>): Promise<TestApp> =>
    startTestApp({
      SIGHTLINE_DATA_DIR: dir,
      SIGHTLINE_INIT_PUBLIC_KEY: admin.publicKey,
      SIGHTLINE_INIT_SECRET_KEY: admin.secretKey,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      ...env,
    });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "sightline-auth-rotation-"));
    scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
  });
  afterAll(async () => {
    await scratch?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("ends every session, and keeps TOTP secrets and the OAuth signing key readable through the previous secret", {
    timeout: 120_000,
  }, async () => {
    const before = await start({ SIGHTLINE_AUTH_SECRET: OLD });
    let someone: Awaited<ReturnType<typeof person>>;
    let uri: string;
    let tokenBefore: Awaited<ReturnType<typeof sessionCall>>;
    try {
      someone = await person(before);
      const enabled = await sessionCall(before, someone.jar, "POST", "/v1/auth/two-factor/enable", {
        body: { password: PASSWORD },
      });
      uri = enabled.body.totpURI;
      const confirmed = await sessionCall(before, someone.jar, "POST", "/v1/auth/two-factor/verify-totp", {
        body: { code: await totpCode(uri) },
      });
      expect(confirmed.status).toBe(200);
      // A JWT from the jwt plugin: its signing key is made now, its private half encrypted with the old secret.
      tokenBefore = await sessionCall(before, someone.jar, "GET", "/v1/auth/token");
    } finally {
      await before.close();
    }

    const after = await start({ SIGHTLINE_AUTH_SECRET: NEW, SIGHTLINE_AUTH_PREVIOUS_SECRETS: OLD });
    try {
      const oldCookie = await sessionCall(after, someone.jar, "GET", "/v1/me");
      const pending = await signIn(after, someone.email);
      // The next step's code: the current one was spent confirming, and a spent code never passes again.
      const passed = await sessionCall(after, pending.jar, "POST", "/v1/auth/two-factor/verify-totp", {
        body: { code: await totpCode(uri, 1) },
      });
      const me = await sessionCall(after, pending.jar, "GET", "/v1/me");
      const tokenAfter = await sessionCall(after, pending.jar, "GET", "/v1/auth/token");

      expect(tokenBefore.status).toBe(200);
      expect(oldCookie.status).toBe(401);
      expect(pending.answer.body.twoFactorRedirect).toBe(true);
      expect(passed.status).toBe(200);
      expect(me.body.user.email).toBe(someone.email);
      expect(tokenAfter.status).toBe(200);
      expect(tokenAfter.body.token.split(".")).toHaveLength(3);
      // The same key signs after the rotation: its private half was decrypted, not replaced.
      const kid = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[0]!, "base64url").toString()).kid;
      expect(kid(tokenAfter.body.token)).toBe(kid(tokenBefore.body.token));
    } finally {
      await after.close();
    }
  });
});
