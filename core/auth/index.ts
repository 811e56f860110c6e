export { AuthConfig } from "./auth.config";
// createAuth (better-auth and its plugins) is imported from "./create-auth" by the composition roots alone.
export { type AuthDeps, type AuthService, noMailer, unavailableAuth } from "./auth-service";
export { ConsentInfo, ConsentInfoQuery } from "./consent.schema";
export { describeConsent } from "./consent-info";
export { type CookieSessionConfig, cookieSessions, type SessionVerifier, type SessionView } from "./cookie-session";
export { describeCaller, type Me } from "./me";
export { MeResponse } from "./me.schema";
export { type LiveGrant, liveGrant } from "./oauth-grant";
export { METADATA_CACHE_CONTROL, oauthMetadata } from "./oauth-metadata";
export {
  AUTH_BASE_PATH,
  type BearerToken,
  MCP_PATH,
  noOAuth,
  type OAuthAddresses,
  type OAuthResourceServer,
  oauthAddresses,
  oauthResourceServer,
} from "./oauth-resource";
export { MCP_REQUESTED_SCOPES, READ_SCOPE, WRITE_SCOPE } from "./oauth-scopes";
export { provenAccount } from "./proven-address";
export { CSRF_HEADER, SESSION_PROJECT_HEADER, sessionPrincipal, userPrincipal } from "./session-principal";
export { SsoProviderBody, SsoProviderList, SsoProviderPath, SsoProviderView } from "./sso.schema";
export { SSO_ERROR_PATH } from "./sso-domains";
export { deleteSsoProvider, listSsoProviders, registerSsoProvider } from "./sso-providers";
export { ssoClientSecrets } from "./sso-secrets";
export { verifySsoProvider } from "./sso-verify";
