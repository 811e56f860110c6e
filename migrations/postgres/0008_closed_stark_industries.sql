CREATE TABLE "evaluator_backfills" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"evaluator_id" text NOT NULL,
	"evaluator_name" text NOT NULL,
	"status" text NOT NULL,
	"days" integer NOT NULL,
	"filter" jsonb NOT NULL,
	"trace_ids" jsonb NOT NULL,
	"total" integer NOT NULL,
	"processed" integer NOT NULL,
	"failed" integer NOT NULL,
	"cap" integer NOT NULL,
	"capped" boolean NOT NULL,
	"error" text,
	"lease_until" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"finished_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "experiment_evaluators" (
	"run_id" text NOT NULL,
	"evaluator_id" text NOT NULL,
	"project_id" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "experiment_evaluators_run_id_evaluator_id_pk" PRIMARY KEY("run_id","evaluator_id")
);
--> statement-breakpoint
CREATE TABLE "experiment_targets" (
	"run_id" text NOT NULL,
	"dataset_item_id" text NOT NULL,
	"evaluator_id" text NOT NULL,
	"project_id" text NOT NULL,
	"trace_id" text NOT NULL,
	"observation_id" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "experiment_targets_run_id_dataset_item_id_evaluator_id_pk" PRIMARY KEY("run_id","dataset_item_id","evaluator_id")
);
--> statement-breakpoint
CREATE TABLE "thread_claims" (
	"evaluator_id" text NOT NULL,
	"session_id" text NOT NULL,
	"trace_id" text NOT NULL,
	"project_id" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "thread_claims_evaluator_id_session_id_trace_id_pk" PRIMARY KEY("evaluator_id","session_id","trace_id")
);
--> statement-breakpoint
CREATE TABLE "session_activity" (
	"project_id" text NOT NULL,
	"session_id" text NOT NULL,
	"latest_trace_id" text NOT NULL,
	"latest_trace_at" timestamp (3) with time zone NOT NULL,
	"last_activity_at" timestamp (3) with time zone NOT NULL,
	"settled" boolean NOT NULL,
	CONSTRAINT "session_activity_project_id_session_id_pk" PRIMARY KEY("project_id","session_id")
);
--> statement-breakpoint
CREATE INDEX "evaluator_backfills_project_idx" ON "evaluator_backfills" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluator_backfills_active_idx" ON "evaluator_backfills" USING btree ("evaluator_id") WHERE status IN ('queued', 'running');--> statement-breakpoint
CREATE INDEX "experiment_targets_trace_idx" ON "experiment_targets" USING btree ("project_id","trace_id");--> statement-breakpoint
CREATE INDEX "session_activity_unsettled_idx" ON "session_activity" USING btree ("project_id","last_activity_at") WHERE NOT settled;