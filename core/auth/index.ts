export { createAuth, unavailableAuth, noMailer, AUTH_BASE_PATH, MCP_PATH, type AuthService, type AuthDeps, type SessionView } from "./create-auth";
export { AuthConfig } from "./auth.config";
export { sessionPrincipal, userPrincipal, SESSION_PROJECT_HEADER, CSRF_HEADER } from "./session-principal";
export { describeCaller, type Me } from "./me";
export { MeResponse } from "./me.schema";
export { registerSsoProvider, listSsoProviders, deleteSsoProvider } from "./sso-providers";
export { SsoProviderBody, SsoProviderView, SsoProviderList, SsoProviderPath } from "./sso.schema";
export { SSO_ERROR_PATH } from "./sso";
export { ssoClientSecrets } from "./sso-secrets";
