import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as samlify from "samlify";

const FIXTURES = join(import.meta.dirname, "..", "fixtures", "saml");

/** The test IdP's signing pair, committed under tests/fixtures/saml (a self-signed certificate, test use only). */
export const IDP_KEY = readFileSync(join(FIXTURES, "idp-key.pem"), "utf8");
export const IDP_CERT = readFileSync(join(FIXTURES, "idp-cert.pem"), "utf8");

/**
 * A SAML identity provider (samlify) for SSO tests. It never listens: the test plays the browser, hands the
 * service's AuthnRequest (HTTP-Redirect binding) to `answer`, and posts the signed response it returns to the ACS.
 */
export interface SamlIdp {
  entityId: string;
  entryPoint: string;
  /**
   * The IdP's signed answer to the AuthnRequest in `redirectUrl` for `email` (the NameID), for the service
   * provider described by `spMetadata` (the service's own metadata XML).
   */
  answer(
    redirectUrl: string,
    spMetadata: string,
    email: string,
  ): Promise<{ acs: string; SAMLResponse: string; RelayState: string }>;
  /** A signed response for `email` that answers no request of the service (IdP-initiated), for the SP of `spMetadata`. */
  unsolicited(spMetadata: string, email: string): Promise<{ acs: string; SAMLResponse: string }>;
}

export function samlIdp(options: { entityId?: string; key?: string; cert?: string } = {}): SamlIdp {
  const entityId = options.entityId ?? `urn:test:idp:${Math.random().toString(36).slice(2, 8)}`;
  const entryPoint = "http://127.0.0.1:9/sso";
  const idp = samlify.IdentityProvider({
    entityID: entityId,
    privateKey: options.key ?? IDP_KEY,
    signingCert: options.cert ?? IDP_CERT,
    singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: entryPoint }],
    wantAuthnRequestsSigned: false,
  });
  return {
    entityId,
    entryPoint,
    async answer(redirectUrl, spMetadata, email) {
      const sp = samlify.ServiceProvider({ metadata: spMetadata });
      const url = new URL(redirectUrl);
      const query = Object.fromEntries(url.searchParams);
      const request = await idp.parseLoginRequest(sp, "redirect", { query, octetString: "" });
      const response = await idp.createLoginResponse(
        sp,
        { extract: { request: { id: request.extract.request.id } } },
        "post",
        { email },
        { relayState: query.RelayState },
      );
      return {
        acs: response.entityEndpoint as string,
        SAMLResponse: response.context as string,
        RelayState: query.RelayState ?? "",
      };
    },
    async unsolicited(spMetadata, email) {
      const sp = samlify.ServiceProvider({ metadata: spMetadata });
      const response = await idp.createLoginResponse(
        sp,
        { extract: { request: { id: `_unsolicited-${Math.random().toString(36).slice(2)}` } } },
        "post",
        { email },
      );
      return { acs: response.entityEndpoint as string, SAMLResponse: response.context as string };
    },
  };
}
