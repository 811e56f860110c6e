import { drizzleAdapter } from "@better-auth/drizzle-adapter";
import type { BetterAuthPlugin } from "better-auth";
import { betterAuth } from "better-auth/minimal";
import { boolean, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";

// better-auth's four core tables, as it documents them for drizzle (ours, core/auth/auth.sql.ts, add columns).
const times = { createdAt: timestamp("created_at").notNull(), updatedAt: timestamp("updated_at").notNull() };
const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull(),
  image: text("image"),
  ...times,
});
const session = pgTable("session", {
  id: text("id").primaryKey(),
  token: text("token").notNull().unique(),
  expiresAt: timestamp("expires_at").notNull(),
  ipAddress: text("ip_address"),
  userAgent: text("user_agent"),
  userId: text("user_id").notNull(),
  ...times,
});
const account = pgTable("account", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull(),
  providerId: text("provider_id").notNull(),
  userId: text("user_id").notNull(),
  password: text("password"),
  ...times,
});
const verification = pgTable("verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at").notNull(),
  ...times,
});

/**
 * The least a function that runs better-auth carries: better-auth's minimal build over drizzle and `postgres`,
 * email and password, and the plugins given (bench/lambda.ts bundles one entry per heavy plugin of ours). Built on
 * the first request, as the auth proxy builds it, so a module's init is its imports alone.
 */
export function floorHandler(plugins: BetterAuthPlugin[]): (request: Request) => Promise<Response> {
  let auth: { handler: (request: Request) => Promise<Response> } | null = null;
  return (request) => {
    auth ??= betterAuth({
      database: drizzleAdapter(drizzle(postgres(process.env.DATABASE_URL ?? "")), {
        provider: "pg",
        schema: { user, session, account, verification },
      }),
      emailAndPassword: { enabled: true },
      plugins,
    });
    return auth.handler(request);
  };
}
