import { parse } from "tldts";
import { FREE_MAIL_DOMAINS } from "./free-mail-domains";

/*
 * Which email domains an SSO provider may claim, and the DNS record that proves one (docs/auth.md, "Domain rule"
 * and "Proving the domain").
 */

/** Where the SSO plugin sends a failed sign-in when the caller named no `errorCallbackURL`; the proxy answers it with our error body. */
export const SSO_ERROR_PATH = "/v1/auth/sso/error";

/** Whether `domain` is `registered` or one of its subdomains: the plugin routes subdomains to the parent's provider. */
export const domainCovers = (registered: string, domain: string) =>
  domain === registered || domain.endsWith(`.${registered}`);

/** Whether two registrations would sign in some of the same addresses: equal, or one a subdomain of the other. */
export const domainsOverlap = (a: string, b: string) => domainCovers(a, b) || domainCovers(b, a);

/** The domain of an email address, lower case; "" when there is none. */
export const emailDomain = (email: string) => email.trim().toLowerCase().split("@")[1] ?? "";

/** `domain` and each parent of it, down to the registrable domain (`eng.acme.co.uk`, `acme.co.uk`). */
function selfAndParents(domain: string, registrable: string): string[] {
  const labels = domain.split(".");
  const depth = registrable.split(".").length;
  return labels.slice(0, labels.length - depth + 1).map((_, i) => labels.slice(i).join("."));
}

/**
 * Why no organization may register `domain` (a lower-case domain name), or null when one may: a public suffix
 * (`com`, `co.uk`, `github.io`) is no one's, and a free-mail domain (`gmail.com`) holds strangers' addresses.
 */
export function refusedDomain(domain: string): string | null {
  // Private suffixes count: `github.io` is a suffix under which strangers hold names, as `co.uk` is.
  const parsed = parse(domain, { allowPrivateDomains: true });
  if (parsed.isIp || !parsed.domain)
    return `${domain} is a public suffix, under which anyone may register names: give a domain your organization owns, such as example.${domain}`;
  const freeMail = selfAndParents(domain, parsed.domain).find((d) => FREE_MAIL_DOMAINS.has(d));
  if (freeMail)
    return `${domain} is a free email domain (${freeMail}): its addresses belong to the provider's users, not to one organization`;
  return null;
}

/** The TXT record that proves a provider's domain: random per registration, published at a fixed name under the domain. */
export function verificationRecord(domain: string, token: string): { type: "TXT"; name: string; value: string } {
  return { type: "TXT", name: `_sightline-challenge.${domain}`, value: `sightline-verification=${token}` };
}
