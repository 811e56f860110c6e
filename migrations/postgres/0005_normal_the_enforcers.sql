CREATE TABLE "dataset_items" (
	"dataset_id" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigserial NOT NULL,
	"input" jsonb NOT NULL,
	"expected_output" jsonb,
	"metadata" jsonb,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "dataset_items_dataset_id_id_pk" PRIMARY KEY("dataset_id","id")
);
--> statement-breakpoint
CREATE TABLE "dataset_run_items" (
	"run_id" text NOT NULL,
	"dataset_item_id" text NOT NULL,
	"trace_id" text NOT NULL,
	"observation_id" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "dataset_run_items_run_id_dataset_item_id_pk" PRIMARY KEY("run_id","dataset_item_id")
);
--> statement-breakpoint
CREATE TABLE "dataset_runners" (
	"dataset_id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"last_status" text,
	"last_error" text,
	"last_http_status" integer,
	"last_triggered_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dataset_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"dataset_id" text NOT NULL,
	"name" text NOT NULL,
	"version" text,
	"metadata" jsonb,
	"remote" boolean NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "datasets" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"metadata" jsonb,
	"item_schema" json,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dataset_items" ADD CONSTRAINT "dataset_items_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_run_items" ADD CONSTRAINT "dataset_run_items_run_id_dataset_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."dataset_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_runners" ADD CONSTRAINT "dataset_runners_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_runs" ADD CONSTRAINT "dataset_runs_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dataset_items_dataset_seq_idx" ON "dataset_items" USING btree ("dataset_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "dataset_runs_dataset_name_idx" ON "dataset_runs" USING btree ("dataset_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "datasets_project_name_idx" ON "datasets" USING btree ("project_id","name");