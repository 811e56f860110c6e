import { index, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, tsz } from "../platform/columns";

export const organizations = pgTable("organizations", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  createdAt: createdAt(),
});

export const projects = pgTable(
  "projects",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("projects_org_name_idx").on(t.orgId, t.name)],
);

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  createdAt: createdAt(),
});

export const memberships = pgTable(
  "memberships",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["OWNER", "ADMIN", "MEMBER", "VIEWER"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId] })],
);

/**
 * Pending invitations, by email: a person becomes a member only once they prove the address (a magic link, the
 * verification link, a provider-verified email, SSO), never by signing up with it
 * (docs/auth.md, "Invitations and proven addresses"). The row goes when it becomes a membership or is removed.
 */
export const invitations = pgTable(
  "invitations",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Lower-cased, as `users.email` and better-auth's `auth_users.email`. */
    email: text("email").notNull(),
    role: text("role", { enum: ["OWNER", "ADMIN", "MEMBER", "VIEWER"] }).notNull(),
    /** Who invited: a key id, `user:<id>` for a session, `sso:<provider id>`; null for invitations from before this table. */
    invitedBy: text("invited_by"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.email] }), index("invitations_email_idx").on(t.email)],
);

/** The secret is kept only as a SHA-256 digest; the public key is the lookup handle. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    publicKey: text("public_key").notNull(),
    secretHash: text("secret_hash").notNull(),
    /** Last four characters of the secret, so people can tell keys apart. */
    secretHint: text("secret_hint").notNull(),
    role: text("role", { enum: ["ADMIN", "MEMBER", "VIEWER"] }).notNull(),
    note: text("note"),
    createdAt: createdAt(),
    revokedAt: tsz("revoked_at"),
  },
  (t) => [uniqueIndex("api_keys_public_key_idx").on(t.publicKey), index("api_keys_project_idx").on(t.projectId)],
);
