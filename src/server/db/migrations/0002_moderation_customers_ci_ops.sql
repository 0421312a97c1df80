CREATE TABLE "ci_git_commits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"repo_name" text NOT NULL,
	"commit_hash" text NOT NULL,
	"branch_name" text NOT NULL,
	"commit_message" text DEFAULT '' NOT NULL,
	"commit_time" timestamp with time zone NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"pr_number" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ci_output_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"result_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"file_path" text NOT NULL,
	"public_url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ci_workflow_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"commit_id" uuid NOT NULL,
	"workflow_name" text NOT NULL,
	"operating_system" text NOT NULL,
	"gpu_type" text DEFAULT '' NOT NULL,
	"python_version" text NOT NULL,
	"cuda_version" text DEFAULT '' NOT NULL,
	"run_id" text NOT NULL,
	"job_id" text NOT NULL,
	"status" text NOT NULL,
	"start_time" bigint NOT NULL,
	"end_time" bigint NOT NULL,
	"pytorch_version" text DEFAULT '' NOT NULL,
	"comfy_run_flags" text DEFAULT '' NOT NULL,
	"avg_vram" integer,
	"peak_vram" integer,
	"job_trigger_user" text DEFAULT '' NOT NULL,
	"machine_stats" jsonb,
	"bucket_name" text DEFAULT '' NOT NULL,
	"comfy_logs_gcs_path" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"amount_micros" bigint NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"actor_user_id" text,
	"balance_after_micros" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "customer_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"event_type" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "github_oauth_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"user_id" text NOT NULL,
	"publisher_id" text NOT NULL,
	"node_id" text NOT NULL,
	"return_path" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "github_oauth_states_state_hash_unique" UNIQUE("state_hash")
);
--> statement-breakpoint
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
	"applied_status" text,
	"applied_reason" text,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "release_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project" text NOT NULL,
	"version" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"attention" text NOT NULL,
	"content" text NOT NULL,
	"form_factors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"bucket" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_counters_bucket_window_start_pk" PRIMARY KEY("bucket","window_start")
);
--> statement-breakpoint
CREATE TABLE "search_query_counts" (
	"query" text PRIMARY KEY NOT NULL,
	"hits" bigint DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"display_prefix" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_tokens_name_unique" UNIQUE("name"),
	CONSTRAINT "service_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "ci_output_files" ADD CONSTRAINT "ci_output_files_result_id_ci_workflow_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."ci_workflow_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ci_workflow_results" ADD CONSTRAINT "ci_workflow_results_commit_id_ci_git_commits_id_fk" FOREIGN KEY ("commit_id") REFERENCES "public"."ci_git_commits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_api_keys" ADD CONSTRAINT "customer_api_keys_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_events" ADD CONSTRAINT "customer_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_oauth_states" ADD CONSTRAINT "github_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comfy_node_collisions" ADD CONSTRAINT "comfy_node_collisions_node_version_id_node_versions_id_fk" FOREIGN KEY ("node_version_id") REFERENCES "public"."node_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comfy_node_collisions" ADD CONSTRAINT "comfy_node_collisions_other_node_id_nodes_id_fk" FOREIGN KEY ("other_node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_scan_findings" ADD CONSTRAINT "version_scan_findings_node_version_id_node_versions_id_fk" FOREIGN KEY ("node_version_id") REFERENCES "public"."node_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_scans" ADD CONSTRAINT "version_scans_node_version_id_node_versions_id_fk" FOREIGN KEY ("node_version_id") REFERENCES "public"."node_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_notes" ADD CONSTRAINT "release_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ci_git_commits_repo_hash_key" ON "ci_git_commits" USING btree ("repo_name","commit_hash");--> statement-breakpoint
CREATE INDEX "ci_git_commits_repo_time_idx" ON "ci_git_commits" USING btree ("repo_name","commit_time");--> statement-breakpoint
CREATE INDEX "ci_git_commits_repo_branch_time_idx" ON "ci_git_commits" USING btree ("repo_name","branch_name","commit_time");--> statement-breakpoint
CREATE UNIQUE INDEX "ci_output_files_result_position_key" ON "ci_output_files" USING btree ("result_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "ci_workflow_results_run_key" ON "ci_workflow_results" USING btree ("commit_id","workflow_name","operating_system","gpu_type","python_version","cuda_version");--> statement-breakpoint
CREATE INDEX "credit_ledger_customer_idx" ON "credit_ledger" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "customer_api_keys_customer_idx" ON "customer_api_keys" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customer_events_customer_created_idx" ON "customer_events" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_events_customer_type_idx" ON "customer_events" USING btree ("customer_id","event_type","created_at");--> statement-breakpoint
CREATE INDEX "github_oauth_states_user_idx" ON "github_oauth_states" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comfy_node_collisions_key" ON "comfy_node_collisions" USING btree ("node_version_id","comfy_node_name","other_node_id");--> statement-breakpoint
CREATE INDEX "comfy_node_collisions_other_idx" ON "comfy_node_collisions" USING btree ("other_node_id");--> statement-breakpoint
CREATE INDEX "version_scan_findings_version_idx" ON "version_scan_findings" USING btree ("node_version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "release_notes_project_version_locale_key" ON "release_notes" USING btree ("project","version","locale");--> statement-breakpoint
CREATE INDEX "release_notes_published_idx" ON "release_notes" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "search_query_counts_hits_idx" ON "search_query_counts" USING btree ("hits");