CREATE TABLE "ingest_replays" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"status" text NOT NULL,
	"replayed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"finished_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "ingest_dead_letters" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"blob_key" text NOT NULL,
	"error" text NOT NULL,
	"unrecoverable" boolean NOT NULL,
	"attempts" integer NOT NULL,
	"event_count" integer,
	"dead_lettered_at" timestamp (3) with time zone NOT NULL,
	"replayed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "ingest_settings" (
	"project_id" text PRIMARY KEY NOT NULL,
	"pii_policy" jsonb,
	"sampling" jsonb,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sdk_usage" (
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"batches" bigint DEFAULT 0 NOT NULL,
	"events" bigint DEFAULT 0 NOT NULL,
	"first_seen_at" timestamp (3) with time zone NOT NULL,
	"last_seen_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "sdk_usage_project_id_name_version_pk" PRIMARY KEY("project_id","name","version")
);
--> statement-breakpoint
CREATE TABLE "model_prices" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"model_name" text NOT NULL,
	"match_pattern" text NOT NULL,
	"prices" jsonb NOT NULL,
	"unit" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ingest_replays_running_idx" ON "ingest_replays" USING btree ("project_id") WHERE status = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "ingest_dead_letters_blob_idx" ON "ingest_dead_letters" USING btree ("project_id","blob_key");--> statement-breakpoint
CREATE INDEX "ingest_dead_letters_project_idx" ON "ingest_dead_letters" USING btree ("project_id","dead_lettered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "model_prices_name_idx" ON "model_prices" USING btree ("project_id","model_name");