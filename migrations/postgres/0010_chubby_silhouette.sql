CREATE TABLE "review_items" (
	"id" text PRIMARY KEY NOT NULL,
	"queue_id" text NOT NULL,
	"project_id" text NOT NULL,
	"seq" bigserial NOT NULL,
	"trace_id" text NOT NULL,
	"status" text NOT NULL,
	"score_id" text,
	"reviewer" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"done_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "review_queues" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"score_name" text NOT NULL,
	"data_type" text NOT NULL,
	"categories" jsonb NOT NULL,
	"min" double precision,
	"max" double precision,
	"description" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_queue_id_review_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."review_queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_items_queue_idx" ON "review_items" USING btree ("queue_id","status","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "review_items_pending_idx" ON "review_items" USING btree ("queue_id","trace_id") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "review_queues_project_name_idx" ON "review_queues" USING btree ("project_id","name");