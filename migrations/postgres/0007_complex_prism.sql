CREATE TABLE "evaluator_executions" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"evaluator_id" text NOT NULL,
	"trigger" text NOT NULL,
	"trace_id" text NOT NULL,
	"observation_id" text,
	"session_id" text,
	"status" text NOT NULL,
	"score_id" text,
	"error" text,
	"started_at" timestamp (3) with time zone NOT NULL,
	"finished_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "evaluator_executions_list_idx" ON "evaluator_executions" USING btree ("project_id","evaluator_id","started_at","id");