export { AuthConfig } from "./auth.config";
export { ConsentInfo, ConsentInfoQuery } from "./consent.schema";
export { describeConsent } from "./consent-info";
export { type CookieSessionConfig, cookieSessions, type SessionVerifier, type SessionView } from "./cookie-session";
export { type AuthDeps, type AuthService, createAuth, noMailer, unavailableAuth } from "./create-auth";
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
export { SSO_ERROR_PATH } from "./sso";
export { SsoProviderBody, SsoProviderList, SsoProviderPath, SsoProviderView } from "./sso.schema";
export { deleteSsoProvider, listSsoProviders, registerSsoProvider } from "./sso-providers";
export { ssoClientSecrets } from "./sso-secrets";
export { verifySsoProvider } from "./sso-verify";
