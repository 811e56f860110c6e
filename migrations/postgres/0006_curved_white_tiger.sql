CREATE TABLE "trace_mirror" (
	"project_id" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"bucket" date NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "trace_mirror_project_id_kind_key_pk" PRIMARY KEY("project_id","kind","key")
);
