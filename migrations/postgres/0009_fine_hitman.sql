CREATE TABLE "score_configs" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"data_type" text NOT NULL,
	"min" double precision,
	"max" double precision,
	"categories" jsonb NOT NULL,
	"description" text,
	"archived" boolean NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "score_configs_project_idx" ON "score_configs" USING btree ("project_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "score_configs_active_name_idx" ON "score_configs" USING btree ("project_id","name") WHERE NOT archived;