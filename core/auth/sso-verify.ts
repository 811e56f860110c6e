import { and, eq, inArray } from "drizzle-orm";
import * as Audit from "../audit";
import type { Deps } from "../platform/deps";
import { AppError, conflict, invalid, notFound } from "../platform/errors";
import { DnsLookupError } from "../platform/ports";
import type { Principal } from "../platform/principal";
import { authAccounts } from "./auth.sql";
import type { SsoProviderView } from "./sso.schema";
import { authSsoProviders } from "./sso.sql";
import { refusedDomain, verificationRecord } from "./sso-domains";
import { overlapping, view } from "./sso-providers";

/** At most this many of the values found are named in a refusal (they are public DNS data, shown to help). */
const SHOWN = 5;

/** The TXT values at `name`, each record's strings joined as DNS defines. @throws unavailable when DNS gives no answer */
async function txtValues(deps: Pick<Deps, "dns">, name: string): Promise<string[]> {
  try {
    return (await deps.dns.txt(name)).map((strings) => strings.join("").trim());
  } catch (e) {
    if (e instanceof DnsLookupError)
      throw new AppError("unavailable", `DNS gave no answer for TXT ${name} (${e.code}); try again later`, {
        name,
        dnsError: e.code,
      });
    throw e;
  }
}

/**
 * Proves that the caller's organization controls a provider's domain: the domain's DNS must publish the provider's
 * TXT record (docs/auth.md, "Proving the domain"). Once verified, the provider signs people in, and other
 * organizations' unverified registrations of an overlapping domain are deleted. Verifying a verified provider
 * answers it as it is.
 * @throws not_found for an unknown id or another organization's provider; invalid_input when the record is
 * missing or holds another value, or the domain is refused; conflict when another verified provider holds an
 * overlapping domain; unavailable when DNS gives no answer
 */
export async function verifySsoProvider(
  deps: Pick<Deps, "db" | "clock" | "ids" | "dns">,
  principal: Principal,
  id: string,
): Promise<SsoProviderView> {
  const [row] = await deps.db
    .select()
    .from(authSsoProviders)
    .where(and(eq(authSsoProviders.id, id), eq(authSsoProviders.organizationId, principal.orgId)));
  if (!row) throw notFound("SSO provider", id);
  if (row.domainVerified) return view(row);
  // Registered before the domain rule existed: such a domain can no longer be anyone's.
  const refused = refusedDomain(row.domain);
  if (refused) throw invalid(refused, { domain: row.domain });
  const record = verificationRecord(row.domain, row.verificationToken);
  const found = await txtValues(deps, record.name);
  if (!found.includes(record.value)) {
    const seen = found.length
      ? `found only ${found
          .slice(0, SHOWN)
          .map((v) => JSON.stringify(v))
          .join(", ")}`
      : "found none";
    throw invalid(
      `The domain ${row.domain} is not verified: looked for a TXT record ${record.name} with the value ${record.value} and ${seen}`,
      { record, found: found.slice(0, SHOWN) },
    );
  }
  return deps.db.transaction(async (db) => {
    // Locks every registration that overlaps, this one included: two organizations proving overlapping domains at
    // once take turns, and the second sees the first's proof.
    const holders = await db.select().from(authSsoProviders).where(overlapping(row.domain)).for("update");
    const self = holders.find((p) => p.id === id);
    if (!self) throw notFound("SSO provider", id);
    if (self.domainVerified) return view(self);
    const verified = holders.find((p) => p.domainVerified);
    if (verified)
      throw conflict(
        `${row.domain} overlaps ${verified.domain}, which another SSO provider has verified: this provider can no longer be verified`,
      );
    const now = deps.clock.now();
    const [updated] = await db
      .update(authSsoProviders)
      .set({ domainVerified: true, verifiedAt: now })
      .where(eq(authSsoProviders.id, id))
      .returning();
    // Other organizations' unverified registrations lose their claim (docs/auth.md, "Domain rule"), with any sign-in
    // links their IdP made before domains were proven.
    const displaced = holders.filter((p) => p.id !== id && !p.domainVerified && p.organizationId !== principal.orgId);
    if (displaced.length) {
      await db.delete(authSsoProviders).where(
        inArray(
          authSsoProviders.id,
          displaced.map((p) => p.id),
        ),
      );
      await db.delete(authAccounts).where(
        inArray(
          authAccounts.providerId,
          displaced.map((p) => p.providerId),
        ),
      );
    }
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "sso_provider.verified",
      target: { type: "sso_provider", id },
      details: { domain: row.domain, record: record.name, displacedRegistrations: displaced.length },
    });
    return view(updated!);
  });
}
