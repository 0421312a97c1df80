CREATE TABLE "version_provenance" (
	"node_version_id" uuid PRIMARY KEY NOT NULL,
	"trusted_publisher_id" uuid,
	"issuer" text NOT NULL,
	"repository" text NOT NULL,
	"repository_id" text,
	"commit_sha" text,
	"ref" text,
	"workflow_ref" text NOT NULL,
	"environment" text,
	"run_id" text,
	"run_attempt" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "version_provenance" ADD CONSTRAINT "version_provenance_node_version_id_node_versions_id_fk" FOREIGN KEY ("node_version_id") REFERENCES "public"."node_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_provenance" ADD CONSTRAINT "version_provenance_trusted_publisher_id_trusted_publishers_id_fk" FOREIGN KEY ("trusted_publisher_id") REFERENCES "public"."trusted_publishers"("id") ON DELETE set null ON UPDATE no action;