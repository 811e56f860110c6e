CREATE TABLE "retention_policies" (
	"project_id" text PRIMARY KEY NOT NULL,
	"max_age_days" integer NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"last_applied_at" timestamp (3) with time zone
);
