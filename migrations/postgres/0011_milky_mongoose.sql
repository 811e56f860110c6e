CREATE TABLE "alert_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"metric" text NOT NULL,
	"score_name" text,
	"environment" text,
	"model" text,
	"window_minutes" integer NOT NULL,
	"operator" text NOT NULL,
	"threshold" double precision NOT NULL,
	"state" text NOT NULL,
	"last_value" double precision,
	"last_checked_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_transitions" (
	"id" text PRIMARY KEY NOT NULL,
	"alert_id" text NOT NULL,
	"project_id" text NOT NULL,
	"state" text NOT NULL,
	"value" double precision,
	"threshold" double precision NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_deliveries" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"automation_id" text NOT NULL,
	"project_id" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"envelope" jsonb NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"response_status" integer,
	"error" text,
	"duration_ms" integer,
	"attempt_log" jsonb NOT NULL,
	"next_attempt_at" timestamp (3) with time zone,
	"leased_until" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "automation_deliveries_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "automations" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"trigger" text NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"secret_sealed" text,
	"filter" jsonb,
	"threshold" double precision,
	"enabled" boolean NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_sinks" (
	"project_id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"api_key_sealed" text NOT NULL,
	"events" jsonb NOT NULL,
	"enabled" boolean NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sink_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"event_id" text NOT NULL,
	"body" jsonb NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"next_attempt_at" timestamp (3) with time zone NOT NULL,
	"leased_until" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_windows" (
	"bucket" text NOT NULL,
	"window_start" bigint NOT NULL,
	"granted" integer NOT NULL,
	CONSTRAINT "rate_limit_windows_bucket_window_start_pk" PRIMARY KEY("bucket","window_start")
);
--> statement-breakpoint
ALTER TABLE "outbox_events" ADD COLUMN "claimed_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "alert_transitions" ADD CONSTRAINT "alert_transitions_alert_id_alert_rules_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alert_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_deliveries" ADD CONSTRAINT "automation_deliveries_automation_id_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_rules_project_name_idx" ON "alert_rules" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "alert_transitions_alert_idx" ON "alert_transitions" USING btree ("alert_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "automation_deliveries_event_idx" ON "automation_deliveries" USING btree ("automation_id","event_id");--> statement-breakpoint
CREATE INDEX "automation_deliveries_due_idx" ON "automation_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "automation_deliveries_log_idx" ON "automation_deliveries" USING btree ("automation_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "automations_project_name_idx" ON "automations" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "automations_project_trigger_idx" ON "automations" USING btree ("project_id","trigger");--> statement-breakpoint
CREATE UNIQUE INDEX "sink_events_event_idx" ON "sink_events" USING btree ("project_id","event_id");--> statement-breakpoint
CREATE INDEX "sink_events_due_idx" ON "sink_events" USING btree ("status","next_attempt_at");