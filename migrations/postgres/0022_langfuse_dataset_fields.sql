ALTER TABLE "dataset_items" ADD COLUMN "status" text DEFAULT 'ACTIVE' NOT NULL;--> statement-breakpoint
ALTER TABLE "dataset_runs" ADD COLUMN "description" text;