CREATE TABLE "experiment_items" (
	"run_id" text NOT NULL,
	"dataset_item_id" text NOT NULL,
	"seq" bigint NOT NULL,
	"status" text NOT NULL,
	"trace_id" text,
	"error" text,
	"latency_ms" integer,
	"cost_usd" double precision,
	"claimed_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "experiment_items_run_id_dataset_item_id_pk" PRIMARY KEY("run_id","dataset_item_id")
);
--> statement-breakpoint
CREATE TABLE "experiment_runs" (
	"run_id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"dataset_id" text NOT NULL,
	"dataset_name" text NOT NULL,
	"run_name" text NOT NULL,
	"status" text NOT NULL,
	"prompt_name" text NOT NULL,
	"prompt_version" integer NOT NULL,
	"prompt_label" text,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"evaluators" jsonb NOT NULL,
	"concurrency" integer NOT NULL,
	"total" integer NOT NULL,
	"error" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"finished_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE INDEX "experiment_items_run_status_idx" ON "experiment_items" USING btree ("run_id","status","seq");