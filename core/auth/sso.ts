import { sso } from "@better-auth/sso";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { Deps } from "../platform/deps";
import type { KeyRing } from "../platform/keyring";
import * as Tenancy from "../tenancy";
import { authUsers } from "./auth.sql";
import { domainCovers, emailDomain, SSO_ERROR_PATH } from "./sso-domains";
import { ssoProviderById, ssoProviderForDomain } from "./sso-providers";
import { ssoProvidersForAuth } from "./sso-secrets";

/*
 * SSO through better-auth's SSO plugin (docs/auth.md, "SSO"): the plugin speaks OIDC and SAML; this file only
 * decides who may pass. Providers are managed through our API (`/v1/sso-providers`), so the plugin's own
 * management endpoints are removed; it keeps sign-in, the OIDC callback, the SAML ACS and the SP metadata.
 */

type SsoDeps = Pick<Deps, "db" | "clock" | "ids" | "caches">;

/** The plugin's endpoints that stay: provider management is ours, single logout is off. */
const KEPT_ENDPOINTS = ["signInSSO", "callbackSSO", "acsEndpoint", "spMetadata"] as const;

/** The SSO plugin on our table, with the unknown-domain check in front of `sign-in/sso`. */
export function ssoPlugin(deps: SsoDeps) {
  const plugin = sso({
    // Registration through the plugin is off: `/v1/sso-providers` registers (and `KEPT_ENDPOINTS` drops the route).
    providersLimit: 0,
    modelName: "ssoProvider",
    saml: { requireTimestamps: true, algorithms: { onDeprecated: "reject" } },
    // The plugin's `domainVerified` flag is ours to set (`verifySsoProvider`, with our own DNS lookup); with it on,
    // the plugin refuses sign-in, the OIDC callback and the SAML ACS of an unverified provider. Its own
    // verification endpoints are not kept (docs/auth.md, "Proving the domain").
    domainVerification: { enabled: true },
    // After every SSO sign-in: the address is verified, since the provider proved its domain.
    provisionUser: ({ user, provider }) => markEmailVerified(deps, user, provider),
    provisionUserOnEveryLogin: true,
  });
  const endpoints = Object.fromEntries(KEPT_ENDPOINTS.map((name) => [name, plugin.endpoints[name]])) as Pick<
    typeof plugin.endpoints,
    (typeof KEPT_ENDPOINTS)[number]
  >;
  // The plugin's declared type leaves out the hooks it has at runtime (its SAML single-logout cleanup).
  const own = (plugin as unknown as { hooks?: NonNullable<BetterAuthPlugin["hooks"]> }).hooks ?? {};
  const hooks: NonNullable<BetterAuthPlugin["hooks"]> = {
    ...own,
    before: [...(own.before ?? []), { matcher: (ctx) => ctx.path === "/sign-in/sso", handler: signInGuard(deps) }],
  };
  return { ...plugin, endpoints, hooks };
}

/**
 * In front of `sign-in/sso`: the email is required; an email whose domain no verified provider covers is a 404 in
 * plain words (the plugin's own answer names an issuer); the provider is the one we chose, whatever `providerId`
 * or `domain` the body names; a request without `errorCallbackURL` gets ours, so a failed callback ends in our
 * error body rather than on the caller's success page.
 */
function signInGuard(deps: SsoDeps) {
  return createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as { email?: unknown; errorCallbackURL?: unknown };
    // The email picks the provider; the plugin's other selectors (organization slug) need models we do not have.
    if (typeof body.email !== "string" || !body.email.includes("@")) {
      throw new APIError("BAD_REQUEST", {
        code: "SSO_EMAIL_REQUIRED",
        message: "Give the email to sign in with: its domain picks the SSO provider",
      });
    }
    const domain = emailDomain(body.email);
    // An unverified registration answers as no registration: it must not tell anyone's sign-in where to go.
    const provider = domain ? await ssoProviderForDomain(deps, domain) : null;
    if (!provider)
      throw new APIError("NOT_FOUND", {
        code: "SSO_PROVIDER_NOT_FOUND",
        message: `No SSO provider for ${domain || body.email}`,
      });
    // The plugin would find its own provider by `providerId` or `domain` first, and by domain it may pick an unverified
    // registration of another organization: it gets ours by id.
    return {
      context: {
        body: { ...body, providerId: provider.providerId, errorCallbackURL: body.errorCallbackURL ?? SSO_ERROR_PATH },
      },
    };
  });
}

/** The plugin's provider, as `provisionUser` gets it. */
interface PluginProvider {
  domain: string;
  domainVerified?: boolean;
}

/**
 * Marks the address of an SSO sign-in verified when the provider proved its domain and the address is in it (the
 * gate checked both; this does not trust it). The plugin sets the session cookie from the same `user` afterwards.
 */
async function markEmailVerified(
  deps: SsoDeps,
  user: { id: string; email: string; emailVerified: boolean },
  provider: PluginProvider,
): Promise<void> {
  if (user.emailVerified || provider.domainVerified !== true || !domainCovers(provider.domain, emailDomain(user.email)))
    return;
  await deps.db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.id, user.id));
  user.emailVerified = true;
}

/** better-auth's endpoint context in a database hook, the parts we read. */
interface HookContext {
  path?: string;
  params?: Record<string, string | undefined>;
}

/** The plugin's routes where an IdP's answer arrives and may create an account. */
const SSO_RETURN_PATHS = new Set(["/sso/callback/:providerId", "/sso/saml2/sp/acs/:providerId"]);

/**
 * For better-auth's `user.create.before`: whether an account being made is an SSO answer of a verified provider for
 * an address in its domain, so it is made with its email verified (docs/auth.md, "Signing in").
 */
export async function ssoVouchesFor(
  deps: SsoDeps,
  email: string,
  ctx: HookContext | null | undefined,
): Promise<boolean> {
  const providerId = ctx?.path && SSO_RETURN_PATHS.has(ctx.path) ? ctx.params?.providerId : undefined;
  const provider = providerId ? await ssoProviderById(deps, providerId) : null;
  return Boolean(provider?.domainVerified && domainCovers(provider.domain, emailDomain(email)));
}

/** better-auth's `user.validateUserInfo` argument, the parts we read. */
interface UserInfoCheck {
  user: { email?: unknown };
  source: { method: string; action: string; sso?: { providerId: string } | undefined };
}

/**
 * better-auth's `user.validateUserInfo` for SSO answers (docs/auth.md, "SSO"): runs when an SSO answer is about to
 * create an account, link one, or sign an existing one in. The asserted email must be in the provider's domain;
 * a first-time person is invited to the provider's organization with its default role, so the sign-up rule
 * admits them like any invited person (even with sign-up closed) and gives them no organization of their own.
 */
export function ssoUserGate(deps: SsoDeps, bootstrapOrgName: string) {
  return async ({ user, source }: UserInfoCheck): Promise<{ error: string; errorDescription: string } | undefined> => {
    if (source.method !== "sso-oidc" && source.method !== "sso-saml") return;
    const provider = source.sso ? await ssoProviderById(deps, source.sso.providerId) : null;
    if (!provider) return { error: "sso_provider_not_found", errorDescription: "This SSO provider no longer exists" };
    if (!provider.domainVerified)
      return {
        error: "sso_domain_unverified",
        errorDescription: `The SSO provider for ${provider.domain} has not verified its domain`,
      };
    const email = typeof user.email === "string" ? user.email.trim().toLowerCase() : "";
    if (!domainCovers(provider.domain, emailDomain(email))) {
      return {
        error: "sso_domain_mismatch",
        errorDescription: `The identity provider for ${provider.domain} answered for ${email || "no email"}, outside its domain`,
      };
    }
    // A verified provider is one better-auth would trust to link an existing account by email; we never do (docs/auth.md, "Signing in").
    if (source.action === "link-account")
      return {
        error: "account_not_linked",
        errorDescription: "An account with this email exists and was not made through this SSO provider",
      };
    if (source.action !== "create-user") return;
    // The first person to sign up would own the bootstrap organization and administer the instance: never one an IdP vouched for.
    if (await Tenancy.awaitsFirstOwner(deps, bootstrapOrgName)) {
      return {
        error: "sso_awaits_owner",
        errorDescription:
          "This installation has no owner yet: its first person signs up with email and password before anyone signs in with SSO",
      };
    }
    await Tenancy.inviteSsoMember(deps, {
      orgId: provider.organizationId,
      email,
      role: provider.defaultRole,
      providerId: provider.providerId,
    });
  };
}

/** The adapter's schema entry for the plugin's model: our table, the OIDC client secret opened for the plugin. */
export const ssoSchema = (ring: KeyRing) => ({ ssoProvider: ssoProvidersForAuth(ring) });
