ALTER TABLE "dataset_items" ADD COLUMN "source_trace_id" text;--> statement-breakpoint
ALTER TABLE "dataset_items" ADD COLUMN "source_observation_id" text;--> statement-breakpoint
ALTER TABLE "dataset_items" ADD COLUMN "source_user_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "dataset_items_source_idx" ON "dataset_items" USING btree ("dataset_id","source_trace_id",coalesce("source_observation_id", '')) WHERE "dataset_items"."source_trace_id" is not null;--> statement-breakpoint
CREATE INDEX "dataset_items_source_user_idx" ON "dataset_items" USING btree ("source_user_id") WHERE "dataset_items"."source_user_id" is not null;--> statement-breakpoint
CREATE INDEX "dataset_items_source_trace_idx" ON "dataset_items" USING btree ("source_trace_id") WHERE "dataset_items"."source_trace_id" is not null;