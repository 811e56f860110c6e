import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  type EsbuildPlugin,
  lazySamlify,
  lazyWebAuthn,
  oneCopyPerTarball,
  SAMLIFY_EXPORTS,
  WEBAUTHN_EXPORTS,
  zodEnglishOnly,
} from "../../stacks/bundle-trims";
import { FUNCTION_DEFAULTS } from "../../stacks/lambda";
import { ROOT, sstEsbuild } from "../lambda/bundle";
import { IDP_CERT, IDP_KEY } from "../support/saml-idp";
import { SoftwareAuthenticator } from "../support/software-authenticator";

const scratch = mkdtempSync(join(tmpdir(), "sightline-trims-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Reads zod's namespaces as values, as better-auth's OAuth provider does (`z.core.toDotPath`).
const ENTRY = `
import * as z from "zod";
export const locales = Object.keys(z.locales);
export const coreLocales = Object.keys(z.core.locales);
export const message = () => z.string().safeParse(1).error.issues[0].message;
`;

async function bundle(plugins: EsbuildPlugin[], entry = ENTRY) {
  const result = await sstEsbuild().build({
    stdin: { contents: entry, resolveDir: ROOT, loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "node",
    mainFields: ["module", "main"],
    minify: true,
    write: false,
    metafile: true,
    logLevel: "silent",
    plugins,
  });
  const locales = Object.keys(result.metafile.inputs)
    .filter((input) => /node_modules\/zod\/v4\/locales\/(?!index)/.test(input))
    .map((input) => input.slice(input.lastIndexOf("/") + 1));
  return { code: result.outputFiles[0]!.text, locales, inputs: Object.keys(result.metafile.inputs) };
}

/** Writes a bundle to the scratch directory and imports it, as Lambda loads one. */
async function load<T>(name: string, code: string): Promise<T> {
  const file = join(scratch, name);
  writeFileSync(file, code);
  return (await import(pathToFileURL(file).href)) as T;
}

// A SAML sign-in between a service and an identity provider, both samlify, as the SSO plugin and its tests use it:
// samlify, xml-crypto (the signature) and the DOM parser they share once bundled. The IdP's key pair is the SSO
// tests' own (tests/support/saml-idp.ts).
const SAML_ENTRY = `
import * as samlify from "samlify";
samlify.setSchemaValidator({ validate: async () => "skipped" });
export async function signIn(email) {
  const redirect = samlify.Constants.namespace.binding.redirect;
  const post = samlify.Constants.namespace.binding.post;
  const idp = samlify.IdentityProvider({
    entityID: "urn:test:idp",
    privateKey: ${JSON.stringify(IDP_KEY)},
    signingCert: ${JSON.stringify(IDP_CERT)},
    singleSignOnService: [{ Binding: redirect, Location: "http://idp.test/sso" }],
    singleLogoutService: [{ Binding: redirect, Location: "http://idp.test/slo" }],
  });
  const sp = samlify.ServiceProvider({
    entityID: "urn:test:sp",
    assertionConsumerService: [{ Binding: post, Location: "http://sp.test/acs" }],
    wantAssertionsSigned: true,
  });
  const { context } = sp.createLoginRequest(idp, "redirect");
  const query = Object.fromEntries(new URL(context).searchParams);
  const request = await idp.parseLoginRequest(sp, "redirect", { query, octetString: "" });
  const response = await idp.createLoginResponse(sp, { extract: { request: { id: request.extract.request.id } } }, "post", { email });
  const parsed = await sp.parseLoginResponse(idp, "post", { body: { SAMLResponse: response.context } });
  // The SSO plugin checks the assertion's signature itself through SamlLib, with the IdP's metadata.
  const [verified] = samlify.SamlLib.verifySignature(Buffer.from(response.context, "base64").toString("utf8"), {
    metadata: idp.entityMeta,
    signatureAlgorithm: idp.entitySetting.requestSignatureAlgorithm,
  });
  const tampered = Buffer.from(Buffer.from(response.context, "base64").toString("utf8").replace(email, "eve@evil.test")).toString("base64");
  const refused = await sp.parseLoginResponse(idp, "post", { body: { SAMLResponse: tampered } }).then(() => "accepted", (e) => String(e));
  return { nameId: parsed.extract.nameID, verified, refused };
}
// Whether samlify's own modules had run once this module's imports were done (the test's marker, \`markSamlify\`).
export const ranAtImport = globalThis.samlifyRan === true;
`;

/** Sets `globalThis[flag]` when the module at `entry` runs, to tell when a bundle evaluates a package. */
const marker = (flag: string, entry: RegExp): EsbuildPlugin => ({
  name: `mark-${flag}`,
  setup(build) {
    build.onLoad({ filter: entry }, async (args) => ({
      contents: `${await readFile(args.path, "utf8")}\nglobalThis.${flag} = true;\n`,
      loader: "js",
    }));
  },
});

/** Marks the moment samlify's entry module runs (`globalThis.samlifyRan`). */
const markSamlify = marker("samlifyRan", /[\\/]node_modules[\\/]samlify[\\/]build[\\/]index\.js$/);

type Saml = {
  ranAtImport: boolean;
  signIn(email: string): Promise<{ nameId: string; verified: boolean; refused: string }>;
};
const SIGNATURE_REFUSED = "Error: FAILED_TO_VERIFY_SIGNATURE";

// SimpleWebAuthn's four calls as better-auth's passkey plugin makes them, exported from a bundle.
const WEBAUTHN_ENTRY = `
export {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
export const ranAtImport = globalThis.webauthnRan === true;
`;

/** Marks the moment SimpleWebAuthn's entry module runs (`globalThis.webauthnRan`). */
const markWebAuthn = marker("webauthnRan", /[\\/]node_modules[\\/]@simplewebauthn[\\/]server[\\/]esm[\\/]index\.js$/);

type WebAuthn = {
  ranAtImport: boolean;
  generateRegistrationOptions(options: object): Promise<{ challenge: string }>;
  verifyRegistrationResponse(options: object): Promise<{
    verified: boolean;
    registrationInfo?: { credential: { id: string; publicKey: Uint8Array; counter: number } };
  }>;
  generateAuthenticationOptions(options: object): Promise<{ challenge: string }>;
  verifyAuthenticationResponse(options: object): Promise<{ verified: boolean }>;
};

/** A passkey registered and used through a bundle's four calls, with a software authenticator; then a forged use. */
async function passkeyRoundTrip(webauthn: WebAuthn) {
  const [rpID, origin] = ["example.test", "https://example.test"];
  const authenticator = new SoftwareAuthenticator(rpID, origin);
  const creation = await webauthn.generateRegistrationOptions({ rpName: "Sightline", rpID, userName: "ada" });
  const registration = await webauthn.verifyRegistrationResponse({
    response: authenticator.register(creation),
    expectedChallenge: creation.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
  });
  const credential = registration.registrationInfo!.credential;
  const use = async (forge: boolean) => {
    const request = await webauthn.generateAuthenticationOptions({ rpID, allowCredentials: [{ id: credential.id }] });
    return webauthn.verifyAuthenticationResponse({
      response: authenticator.authenticate(request, { forge }),
      expectedChallenge: request.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential,
    });
  };
  const signedIn = (await use(false)).verified;
  const forged = await use(true).then(
    (r) => (r.verified ? "accepted" : "refused"),
    () => "refused",
  );
  return { registered: registration.verified, signedIn, forged };
}

describe("the bundle trims every function is built with (stacks/bundle-trims.ts)", () => {
  it("are the plugins of the stack's default function props", () => {
    expect(FUNCTION_DEFAULTS.nodejs.esbuild.plugins).toEqual([
      zodEnglishOnly,
      oneCopyPerTarball,
      lazySamlify,
      lazyWebAuthn,
    ]);
  });

  it("bundle one copy of a package npm installed in several places from the same tarball, and SAML still signs in", async () => {
    // The install paths of package `name` whose files a bundle holds.
    const copies = (inputs: string[], name: string) => {
      const marker = `node_modules/${name}/`;
      const paths = inputs
        .filter((i) => i.includes(marker))
        .map((i) => i.slice(0, i.lastIndexOf(marker) + marker.length - 1));
      return [...new Set(paths)].sort();
    };
    const whole = await bundle([], SAML_ENTRY);
    const merged = await bundle([oneCopyPerTarball], SAML_ENTRY);

    // samlify, xml-crypto and xml-encryption each carry @xmldom/xmldom 0.8.15 (better-auth's SSO plugin puts 0.9 on top).
    expect(copies(whole.inputs, "@xmldom/xmldom")).toEqual([
      "node_modules/@authenio/xml-encryption/node_modules/@xmldom/xmldom",
      "node_modules/samlify/node_modules/@xmldom/xmldom",
      "node_modules/xml-crypto/node_modules/@xmldom/xmldom",
    ]);
    expect(copies(merged.inputs, "@xmldom/xmldom")).toEqual([
      "node_modules/@authenio/xml-encryption/node_modules/@xmldom/xmldom",
    ]);
    // Other releases of a package stay apart: xml-crypto's and xml-encryption's own xpath are not samlify's.
    expect(copies(merged.inputs, "xpath")).toHaveLength(3);
    expect(copies(merged.inputs, "xpath")).toEqual(copies(whole.inputs, "xpath"));
    expect(merged.code.length).toBeLessThan(whole.code.length - 100_000);

    for (const [name, code] of [
      ["saml-whole.mjs", whole.code],
      ["saml-merged.mjs", merged.code],
    ] as const) {
      const result = await (await load<Saml>(name, code)).signIn("ada@example.test");
      expect(result).toEqual({ nameId: "ada@example.test", verified: true, refused: SIGNATURE_REFUSED });
    }
  });

  it("run samlify's modules when SAML is first used, not at import, and SAML still signs in", async () => {
    const eager = await bundle([oneCopyPerTarball, markSamlify], SAML_ENTRY);
    const lazy = await bundle([oneCopyPerTarball, lazySamlify, markSamlify], SAML_ENTRY);

    (globalThis as { samlifyRan?: boolean }).samlifyRan = false;
    expect((await load<Saml>("saml-eager.mjs", eager.code)).ranAtImport).toBe(true);

    (globalThis as { samlifyRan?: boolean }).samlifyRan = false;
    const loaded = await load<Saml>("saml-lazy.mjs", lazy.code);
    expect(loaded.ranAtImport).toBe(false);
    expect((globalThis as { samlifyRan?: boolean }).samlifyRan).toBe(false);
    // The schema validator set at import reached samlify: without one, samlify refuses every response it parses.
    expect(await loaded.signIn("ada@example.test")).toEqual({
      nameId: "ada@example.test",
      verified: true,
      refused: SIGNATURE_REFUSED,
    });
    expect((globalThis as { samlifyRan?: boolean }).samlifyRan).toBe(true);
  });

  it("hand on every export of samlify, and every name better-auth's SSO plugin reads of it", async () => {
    const facade = [...SAMLIFY_EXPORTS.functions, ...SAMLIFY_EXPORTS.objects, ...SAMLIFY_EXPORTS.settings].sort();
    const sso = join(ROOT, "node_modules/@better-auth/sso");
    const samlify = createRequire(join(sso, "package.json"))("samlify") as Record<string, unknown>;
    expect(facade).toEqual(
      Object.keys(samlify)
        .filter((k) => k !== "__esModule")
        .sort(),
    );

    // The plugin reads samlify through one binding, \`saml\`: each member it reads must be in the facade.
    const files = readdirSync(join(sso, "dist")).filter((f) => f.endsWith(".mjs"));
    const code = (await Promise.all(files.map((f) => readFile(join(sso, "dist", f), "utf8")))).join("\n");
    const read = [...new Set([...code.matchAll(/\bsaml\.([A-Za-z_$][\w$]*)/g)].map((m) => m[1]!))];
    expect(read.length).toBeGreaterThan(3);
    for (const name of read) expect(facade, name).toContain(name);
  });

  it("run SimpleWebAuthn's modules when a passkey is first used, not at import, and a passkey still registers and signs in", async () => {
    const eager = await bundle([markWebAuthn], WEBAUTHN_ENTRY);
    const lazy = await bundle([lazyWebAuthn, markWebAuthn], WEBAUTHN_ENTRY);

    (globalThis as { webauthnRan?: boolean }).webauthnRan = false;
    expect((await load<WebAuthn>("webauthn-eager.mjs", eager.code)).ranAtImport).toBe(true);

    (globalThis as { webauthnRan?: boolean }).webauthnRan = false;
    const loaded = await load<WebAuthn>("webauthn-lazy.mjs", lazy.code);
    expect(loaded.ranAtImport).toBe(false);
    expect((globalThis as { webauthnRan?: boolean }).webauthnRan).toBe(false);
    expect(await passkeyRoundTrip(loaded)).toEqual({ registered: true, signedIn: true, forged: "refused" });
    expect((globalThis as { webauthnRan?: boolean }).webauthnRan).toBe(true);
  });

  it("hand on every name better-auth's passkey plugin imports of SimpleWebAuthn, each a function of it", async () => {
    const plugin = join(ROOT, "node_modules/@better-auth/passkey");
    const files = readdirSync(join(plugin, "dist")).filter((f) => f.endsWith(".mjs"));
    const code = (await Promise.all(files.map((f) => readFile(join(plugin, "dist", f), "utf8")))).join("\n");
    const imports = [...code.matchAll(/import\s*(\{[^}]*\}|\*\s*as\s+\w+|\w+)\s*from\s*"@simplewebauthn\/server"/g)];
    const named = imports.flatMap((m) =>
      m[1]!
        .replace(/[{}]/g, "")
        .split(",")
        .map((n) => n.trim().split(/\s+as\s+/)[0]!),
    );

    // Named imports only (a namespace or default import would read names the facade cannot list), all in the facade.
    expect(imports.length).toBeGreaterThan(0);
    expect(named.every((n) => /^[A-Za-z_$][\w$]*$/.test(n))).toBe(true);
    expect([...new Set(named)].sort()).toEqual([...WEBAUTHN_EXPORTS.functions].sort());
    const real = (await import(
      createRequire(join(plugin, "package.json")).resolve("@simplewebauthn/server")
    )) as Record<string, unknown>;
    for (const name of WEBAUTHN_EXPORTS.functions) expect(typeof real[name], name).toBe("function");
  });

  it("leave zod's locales but English out of a bundle that reads its namespaces, and zod still speaks English", async () => {
    const whole = await bundle([]);
    const trimmed = await bundle([zodEnglishOnly]);

    expect(whole.locales).toContain("fr.js");
    expect(trimmed.locales).toEqual(["en.js"]);
    expect(trimmed.code.length).toBeLessThan(whole.code.length - 200_000);

    const loaded = await load<{ locales: string[]; coreLocales: string[]; message: () => string }>(
      "trimmed.mjs",
      trimmed.code,
    );
    expect(loaded.locales).toEqual(["en"]);
    expect(loaded.coreLocales).toEqual(["en"]);
    expect(loaded.message()).toBe("Invalid input: expected string, received number");
  });
});
