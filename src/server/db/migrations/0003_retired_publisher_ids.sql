CREATE TABLE "retired_publisher_ids" (
	"id" text PRIMARY KEY NOT NULL,
	"former_owner_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
