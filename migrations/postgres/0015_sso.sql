CREATE TABLE "auth_sso_providers" (
	"id" text PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"issuer" text NOT NULL,
	"domain" text NOT NULL,
	"oidc_config" text,
	"saml_config" text,
	"user_id" text,
	"organization_id" text NOT NULL,
	"default_role" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "auth_sso_providers_provider_id_unique" UNIQUE("provider_id"),
	CONSTRAINT "auth_sso_providers_domain_unique" UNIQUE("domain")
);
--> statement-breakpoint
CREATE INDEX "auth_sso_providers_org_idx" ON "auth_sso_providers" USING btree ("organization_id");