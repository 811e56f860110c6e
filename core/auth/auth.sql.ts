import { bigint, boolean, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { tsz } from "../platform/columns";

/**
 * better-auth's models (docs/auth.md, "Tables"). Property names are better-auth's field names, so its drizzle
 * adapter finds them; columns are snake_case like the rest of the schema. A person's `auth_users.id` equals
 * their `users.id` (core/tenancy), which memberships name: better-auth owns sign-in, tenancy owns roles.
 */
export const authUsers = pgTable("auth_users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: tsz("created_at").notNull(),
  updatedAt: tsz("updated_at").notNull(),
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  /** The admin plugin's instance role (`admin` may ban), not an organization role. */
  role: text("role"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: tsz("ban_expires"),
});

export const authSessions = pgTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: tsz("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: tsz("created_at").notNull(),
    updatedAt: tsz("updated_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
  },
  (t) => [index("auth_sessions_user_idx").on(t.userId)],
);

/** Sign-in methods of a person; the email-and-password one holds better-auth's password hash. */
export const authAccounts = pgTable(
  "auth_accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: tsz("access_token_expires_at"),
    refreshTokenExpiresAt: tsz("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: tsz("created_at").notNull(),
    updatedAt: tsz("updated_at").notNull(),
  },
  (t) => [index("auth_accounts_user_idx").on(t.userId)],
);

/** Magic-link tokens and pending two-factor sign-ins, each until `expiresAt`. */
export const authVerifications = pgTable(
  "auth_verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: tsz("expires_at").notNull(),
    createdAt: tsz("created_at").notNull(),
    updatedAt: tsz("updated_at").notNull(),
  },
  (t) => [index("auth_verifications_identifier_idx").on(t.identifier)],
);

/** TOTP secrets and backup codes, which better-auth encrypts with the auth secret. */
export const authTwoFactors = pgTable(
  "auth_two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: tsz("locked_until"),
  },
  (t) => [index("auth_two_factors_user_idx").on(t.userId)],
);

/** Sign-in attempt windows, in the database so every Lambda instance counts the same attempts. */
export const authRateLimits = pgTable("auth_rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * TOTP codes that passed, per person, for as long as a code stays valid: better-auth accepts a code again within
 * its window, so a second use is refused here (docs/auth.md, "Two-factor").
 */
export const authTotpUses = pgTable(
  "auth_totp_uses",
  {
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    usedAt: tsz("used_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);
