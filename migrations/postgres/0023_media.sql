CREATE TABLE "media" (
	"project_id" text NOT NULL,
	"id" text NOT NULL,
	"sha256_hash" text NOT NULL,
	"content_type" text NOT NULL,
	"content_length" bigint NOT NULL,
	"blob_key" text NOT NULL,
	"uploaded_at" timestamp (3) with time zone,
	"upload_http_status" integer,
	"upload_http_error" text,
	"upload_time_ms" integer,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "media_project_id_id_pk" PRIMARY KEY("project_id","id")
);
--> statement-breakpoint
CREATE TABLE "media_links" (
	"project_id" text NOT NULL,
	"media_id" text NOT NULL,
	"trace_id" text NOT NULL,
	"observation_id" text DEFAULT '' NOT NULL,
	"field" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "media_links_project_id_trace_id_observation_id_field_media_id_pk" PRIMARY KEY("project_id","trace_id","observation_id","field","media_id")
);
--> statement-breakpoint
CREATE INDEX "media_links_media_idx" ON "media_links" USING btree ("project_id","media_id");