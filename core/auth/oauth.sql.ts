import { boolean, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { tsz } from "../platform/columns";
import { authSessions, authUsers } from "./auth.sql";

/*
 * better-auth's OAuth 2.1 provider models (`@better-auth/mcp` on `@better-auth/oauth-provider`, with the `jwt`
 * plugin's signing keys), docs/mcp.md "OAuth". Property names are better-auth's field names, so its drizzle
 * adapter finds them; columns are snake_case. Authorization codes live in `auth_verifications` until used.
 * The signing keys' private halves are encrypted with the auth secret by better-auth; tokens are stored as
 * better-auth keeps them (hashed).
 */

export const authJwks = pgTable(
  "auth_jwks",
  {
    id: text("id").primaryKey(),
    publicKey: text("public_key").notNull(),
    privateKey: text("private_key").notNull(),
    createdAt: tsz("created_at").notNull(),
    expiresAt: tsz("expires_at"),
    alg: text("alg"),
    crv: text("crv"),
  },
  () => [],
);

export const authOauthClients = pgTable(
  "auth_oauth_clients",
  {
    id: text("id").primaryKey(),
    clientId: text("client_id").notNull().unique(),
    clientSecret: text("client_secret"),
    clientDiscoveryId: text("client_discovery_id"),
    disabled: boolean("disabled"),
    skipConsent: boolean("skip_consent"),
    enableEndSession: boolean("enable_end_session"),
    subjectType: text("subject_type"),
    scopes: text("scopes").array(),
    clientCredentialsScopes: text("client_credentials_scopes").array(),
    userId: text("user_id").references(() => authUsers.id, { onDelete: "cascade" }),
    createdAt: tsz("created_at"),
    updatedAt: tsz("updated_at"),
    name: text("name"),
    uri: text("uri"),
    icon: text("icon"),
    contacts: text("contacts").array(),
    tos: text("tos"),
    policy: text("policy"),
    softwareId: text("software_id"),
    softwareVersion: text("software_version"),
    softwareStatement: text("software_statement"),
    redirectUris: text("redirect_uris").array().notNull(),
    postLogoutRedirectUris: text("post_logout_redirect_uris").array(),
    backchannelLogoutUri: text("backchannel_logout_uri"),
    backchannelLogoutSessionRequired: boolean("backchannel_logout_session_required"),
    tokenEndpointAuthMethod: text("token_endpoint_auth_method"),
    applicationType: text("application_type"),
    jwks: text("jwks"),
    jwksUri: text("jwks_uri"),
    grantTypes: text("grant_types").array(),
    responseTypes: text("response_types").array(),
    requirePKCE: boolean("require_p_k_c_e"),
    dpopBoundAccessTokens: boolean("dpop_bound_access_tokens"),
    referenceId: text("reference_id"),
    metadata: jsonb("metadata"),
  },
  (t) => [index("auth_oauth_clients_user_id_idx").on(t.userId)],
);

export const authOauthResources = pgTable(
  "auth_oauth_resources",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull().unique(),
    name: text("name").notNull(),
    accessTokenTtl: integer("access_token_ttl"),
    refreshTokenTtl: integer("refresh_token_ttl"),
    signingAlgorithm: text("signing_algorithm"),
    signingKeyId: text("signing_key_id"),
    allowedScopes: text("allowed_scopes").array(),
    customClaims: jsonb("custom_claims"),
    dpopBoundAccessTokensRequired: boolean("dpop_bound_access_tokens_required"),
    disabled: boolean("disabled"),
    createdAt: tsz("created_at"),
    updatedAt: tsz("updated_at"),
    policyVersion: integer("policy_version"),
    metadata: jsonb("metadata"),
  },
  () => [],
);

export const authOauthClientResources = pgTable(
  "auth_oauth_client_resources",
  {
    id: text("id").primaryKey(),
    clientId: text("client_id")
      .notNull()
      .references(() => authOauthClients.clientId, { onDelete: "cascade" }),
    resourceId: text("resource_id")
      .notNull()
      .references(() => authOauthResources.identifier, { onDelete: "cascade" }),
    metadata: jsonb("metadata"),
    createdAt: tsz("created_at"),
  },
  (t) => [
    index("auth_oauth_client_resources_client_id_idx").on(t.clientId),
    index("auth_oauth_client_resources_resource_id_idx").on(t.resourceId),
  ],
);

export const authOauthRefreshTokens = pgTable(
  "auth_oauth_refresh_tokens",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    clientId: text("client_id")
      .notNull()
      .references(() => authOauthClients.clientId, { onDelete: "cascade" }),
    sessionId: text("session_id").references(() => authSessions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    referenceId: text("reference_id"),
    authorizationCodeId: text("authorization_code_id"),
    resources: text("resources").array(),
    requestedUserInfoClaims: text("requested_user_info_claims").array(),
    expiresAt: tsz("expires_at"),
    createdAt: tsz("created_at"),
    revoked: tsz("revoked"),
    rotatedAt: tsz("rotated_at"),
    rotationReplayResponse: text("rotation_replay_response"),
    rotationReplayExpiresAt: tsz("rotation_replay_expires_at"),
    authTime: tsz("auth_time"),
    confirmation: jsonb("confirmation"),
    scopes: text("scopes").array().notNull(),
  },
  (t) => [
    index("auth_oauth_refresh_tokens_client_id_idx").on(t.clientId),
    index("auth_oauth_refresh_tokens_session_id_idx").on(t.sessionId),
    index("auth_oauth_refresh_tokens_user_id_idx").on(t.userId),
    index("auth_oauth_refresh_tokens_authorization_code_id_idx").on(t.authorizationCodeId),
  ],
);

export const authOauthAccessTokens = pgTable(
  "auth_oauth_access_tokens",
  {
    id: text("id").primaryKey(),
    token: text("token").unique(),
    clientId: text("client_id")
      .notNull()
      .references(() => authOauthClients.clientId, { onDelete: "cascade" }),
    sessionId: text("session_id").references(() => authSessions.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => authUsers.id, { onDelete: "cascade" }),
    referenceId: text("reference_id"),
    authorizationCodeId: text("authorization_code_id"),
    resources: text("resources").array(),
    requestedUserInfoClaims: text("requested_user_info_claims").array(),
    refreshId: text("refresh_id").references(() => authOauthRefreshTokens.id, { onDelete: "cascade" }),
    expiresAt: tsz("expires_at"),
    createdAt: tsz("created_at"),
    revoked: tsz("revoked"),
    confirmation: jsonb("confirmation"),
    scopes: text("scopes").array().notNull(),
  },
  (t) => [
    index("auth_oauth_access_tokens_client_id_idx").on(t.clientId),
    index("auth_oauth_access_tokens_session_id_idx").on(t.sessionId),
    index("auth_oauth_access_tokens_user_id_idx").on(t.userId),
    index("auth_oauth_access_tokens_authorization_code_id_idx").on(t.authorizationCodeId),
    index("auth_oauth_access_tokens_refresh_id_idx").on(t.refreshId),
  ],
);

export const authOauthConsents = pgTable(
  "auth_oauth_consents",
  {
    id: text("id").primaryKey(),
    clientId: text("client_id")
      .notNull()
      .references(() => authOauthClients.clientId, { onDelete: "cascade" }),
    userId: text("user_id").references(() => authUsers.id, { onDelete: "cascade" }),
    referenceId: text("reference_id"),
    resources: text("resources").array(),
    requestedUserInfoClaims: text("requested_user_info_claims").array(),
    scopes: text("scopes").array().notNull(),
    createdAt: tsz("created_at"),
    updatedAt: tsz("updated_at"),
  },
  (t) => [
    index("auth_oauth_consents_client_id_idx").on(t.clientId),
    index("auth_oauth_consents_user_id_idx").on(t.userId),
  ],
);

export const authOauthClientAssertions = pgTable(
  "auth_oauth_client_assertions",
  {
    id: text("id").primaryKey(),
    expiresAt: tsz("expires_at").notNull(),
  },
  () => [],
);
