ALTER TABLE "auth_sso_providers" DROP CONSTRAINT "auth_sso_providers_domain_unique";--> statement-breakpoint
ALTER TABLE "auth_sso_providers" ADD COLUMN "domain_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_sso_providers" ADD COLUMN "verification_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_sso_providers" ADD COLUMN "verified_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_sso_providers_verified_domain_idx" ON "auth_sso_providers" USING btree ("domain") WHERE "auth_sso_providers"."domain_verified";