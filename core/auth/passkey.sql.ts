import { boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { tsz } from "../platform/columns";
import { authUsers } from "./auth.sql";

/**
 * Passkeys (WebAuthn credentials) of better-auth's passkey plugin (docs/auth.md, "Passkeys"): the public key
 * (COSE, base64) and the signature counter; property names are the plugin's field names.
 */
export const authPasskeys = pgTable(
  "auth_passkeys",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    createdAt: tsz("created_at"),
    aaguid: text("aaguid"),
  },
  (t) => [index("auth_passkeys_user_idx").on(t.userId), index("auth_passkeys_credential_idx").on(t.credentialID)],
);
