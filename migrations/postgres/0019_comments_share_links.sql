CREATE TABLE "comments" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"seq" bigserial NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"body" text NOT NULL,
	"author" text NOT NULL,
	"mentions" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"trace_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "share_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX "comments_object_idx" ON "comments" USING btree ("project_id","object_type","object_id","seq");--> statement-breakpoint
CREATE INDEX "share_links_trace_idx" ON "share_links" USING btree ("project_id","trace_id");