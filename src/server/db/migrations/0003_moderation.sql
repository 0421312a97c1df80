CREATE TABLE "comfy_node_collisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"node_version_id" uuid NOT NULL,
	"comfy_node_name" text NOT NULL,
	"other_node_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "version_scan_findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"node_version_id" uuid NOT NULL,
	"rule_id" text NOT NULL,
	"severity" text NOT NULL,
	"file" text DEFAULT '' NOT NULL,
	"line" integer,
	"snippet" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"ruleset_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "version_scans" (
	"node_version_id" uuid PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL,
	"ruleset_version" text NOT NULL,
	"files_scanned" integer DEFAULT 0 NOT NULL,
	"bytes_scanned" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"error" text,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comfy_node_collisions" ADD CONSTRAINT "comfy_node_collisions_node_version_id_node_versions_id_fk" FOREIGN KEY ("node_version_id") REFERENCES "public"."node_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comfy_node_collisions" ADD CONSTRAINT "comfy_node_collisions_other_node_id_nodes_id_fk" FOREIGN KEY ("other_node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_scan_findings" ADD CONSTRAINT "version_scan_findings_node_version_id_node_versions_id_fk" FOREIGN KEY ("node_version_id") REFERENCES "public"."node_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_scans" ADD CONSTRAINT "version_scans_node_version_id_node_versions_id_fk" FOREIGN KEY ("node_version_id") REFERENCES "public"."node_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comfy_node_collisions_key" ON "comfy_node_collisions" USING btree ("node_version_id","comfy_node_name","other_node_id");--> statement-breakpoint
CREATE INDEX "comfy_node_collisions_other_idx" ON "comfy_node_collisions" USING btree ("other_node_id");--> statement-breakpoint
CREATE INDEX "version_scan_findings_version_idx" ON "version_scan_findings" USING btree ("node_version_id");