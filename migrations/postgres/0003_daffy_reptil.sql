CREATE TABLE "evaluator_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"evaluator_id" text NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluators" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"latest_version" integer NOT NULL,
	"kind" text NOT NULL,
	"online" boolean NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"provider" text NOT NULL,
	"api_key_sealed" text NOT NULL,
	"base_url" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evaluator_versions" ADD CONSTRAINT "evaluator_versions_evaluator_id_evaluators_id_fk" FOREIGN KEY ("evaluator_id") REFERENCES "public"."evaluators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evaluator_versions_evaluator_version_idx" ON "evaluator_versions" USING btree ("evaluator_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluators_project_name_idx" ON "evaluators" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "evaluators_online_idx" ON "evaluators" USING btree ("project_id","online");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_credentials_project_provider_idx" ON "provider_credentials" USING btree ("project_id","provider");