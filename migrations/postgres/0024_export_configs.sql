CREATE TABLE "export_configs" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"bucket" text NOT NULL,
	"prefix" text NOT NULL,
	"region" text NOT NULL,
	"endpoint" text,
	"access_key_id" text,
	"secret_access_key_sealed" text,
	"format" text NOT NULL,
	"tables" jsonb NOT NULL,
	"frequency" text NOT NULL,
	"enabled" boolean NOT NULL,
	"last_exported_at" timestamp (3) with time zone NOT NULL,
	"last_run_at" timestamp (3) with time zone,
	"last_error" text,
	"last_objects" integer,
	"leased_until" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "export_configs_project_idx" ON "export_configs" USING btree ("project_id");