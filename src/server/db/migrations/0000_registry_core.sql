CREATE TYPE "public"."job_status" AS ENUM('queued', 'running', 'succeeded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."node_status" AS ENUM('NodeStatusActive', 'NodeStatusDeleted', 'NodeStatusBanned');--> statement-breakpoint
CREATE TYPE "public"."node_version_status" AS ENUM('NodeVersionStatusActive', 'NodeVersionStatusDeleted', 'NodeVersionStatusBanned', 'NodeVersionStatusPending', 'NodeVersionStatusFlagged');--> statement-breakpoint
CREATE TYPE "public"."publisher_role" AS ENUM('owner', 'member');--> statement-breakpoint
CREATE TYPE "public"."publisher_status" AS ENUM('PublisherStatusActive', 'PublisherStatusBanned');--> statement-breakpoint
CREATE TYPE "public"."user_status" AS ENUM('UserStatusActive', 'UserStatusBanned');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_user_id" text,
	"actor_kind" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "job_status" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "node_downloads_daily" (
	"node_id" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "node_downloads_daily_node_id_day_pk" PRIMARY KEY("node_id","day")
);
--> statement-breakpoint
CREATE TABLE "node_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"node_id" text NOT NULL,
	"user_id" text NOT NULL,
	"star" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "archives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"content_type" text DEFAULT 'application/zip' NOT NULL,
	"size" bigint,
	"sha256" text,
	"uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "archives_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "comfy_nodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"node_version_id" uuid NOT NULL,
	"name" text NOT NULL,
	"display_name" text,
	"category" text,
	"description" text,
	"input_types" text,
	"return_names" text,
	"return_types" text,
	"output_is_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"function" text,
	"deprecated" boolean DEFAULT false NOT NULL,
	"experimental" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "node_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"node_id" text NOT NULL,
	"version" text NOT NULL,
	"changelog" text DEFAULT '' NOT NULL,
	"dependencies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deprecated" boolean DEFAULT false NOT NULL,
	"status" "node_version_status" DEFAULT 'NodeVersionStatusPending' NOT NULL,
	"status_reason" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags_admin" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"supported_os" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"supported_accelerators" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"supported_comfyui_version" text,
	"supported_comfyui_frontend_version" text,
	"comfy_node_extract_status" text DEFAULT 'pending' NOT NULL,
	"archive_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nodes" (
	"id" text PRIMARY KEY NOT NULL,
	"normalized_id" text NOT NULL,
	"publisher_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text,
	"author" text,
	"license" text,
	"icon" text,
	"banner_url" text,
	"repository" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags_admin" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"supported_os" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"supported_accelerators" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"supported_comfyui_version" text,
	"supported_comfyui_frontend_version" text,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "node_status" DEFAULT 'NodeStatusActive' NOT NULL,
	"status_detail" text,
	"search_ranking" integer DEFAULT 0 NOT NULL,
	"preempted_comfy_node_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"github_stars" integer DEFAULT 0 NOT NULL,
	"total_install" bigint DEFAULT 0 NOT NULL,
	"total_star" integer DEFAULT 0 NOT NULL,
	"total_review" integer DEFAULT 0 NOT NULL,
	"latest_version_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publisher_permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"publisher_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" "publisher_role" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publishers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"website" text,
	"support" text,
	"source_code_repo" text,
	"logo" text,
	"status" "publisher_status" DEFAULT 'PublisherStatusActive' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personal_access_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"publisher_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"token_hash" text NOT NULL,
	"display_prefix" text NOT NULL,
	"created_by" text,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "personal_access_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"name" text,
	"photo_url" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_approved" boolean DEFAULT false NOT NULL,
	"status" "user_status" DEFAULT 'UserStatusActive' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "node_downloads_daily" ADD CONSTRAINT "node_downloads_daily_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_reviews" ADD CONSTRAINT "node_reviews_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_reviews" ADD CONSTRAINT "node_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comfy_nodes" ADD CONSTRAINT "comfy_nodes_node_version_id_node_versions_id_fk" FOREIGN KEY ("node_version_id") REFERENCES "public"."node_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_versions" ADD CONSTRAINT "node_versions_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_versions" ADD CONSTRAINT "node_versions_archive_id_archives_id_fk" FOREIGN KEY ("archive_id") REFERENCES "public"."archives"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_permissions" ADD CONSTRAINT "publisher_permissions_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_permissions" ADD CONSTRAINT "publisher_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_access_tokens" ADD CONSTRAINT "personal_access_tokens_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_access_tokens" ADD CONSTRAINT "personal_access_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "jobs_status_run_at_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "jobs_kind_idx" ON "jobs" USING btree ("kind");--> statement-breakpoint
CREATE UNIQUE INDEX "node_reviews_node_user_key" ON "node_reviews" USING btree ("node_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comfy_nodes_version_name_key" ON "comfy_nodes" USING btree ("node_version_id","name");--> statement-breakpoint
CREATE INDEX "comfy_nodes_name_idx" ON "comfy_nodes" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "node_versions_node_version_key" ON "node_versions" USING btree ("node_id","version");--> statement-breakpoint
CREATE INDEX "node_versions_node_created_idx" ON "node_versions" USING btree ("node_id","created_at");--> statement-breakpoint
CREATE INDEX "node_versions_status_created_idx" ON "node_versions" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nodes_normalized_id_key" ON "nodes" USING btree ("normalized_id");--> statement-breakpoint
CREATE INDEX "nodes_publisher_idx" ON "nodes" USING btree ("publisher_id");--> statement-breakpoint
CREATE INDEX "nodes_status_idx" ON "nodes" USING btree ("status");--> statement-breakpoint
CREATE INDEX "nodes_updated_at_idx" ON "nodes" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "nodes_created_at_id_idx" ON "nodes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "nodes_total_install_idx" ON "nodes" USING btree ("total_install");--> statement-breakpoint
CREATE INDEX "nodes_repository_lower_idx" ON "nodes" USING btree (lower("repository"));--> statement-breakpoint
CREATE UNIQUE INDEX "publisher_permissions_publisher_user_key" ON "publisher_permissions" USING btree ("publisher_id","user_id");--> statement-breakpoint
CREATE INDEX "publisher_permissions_user_idx" ON "publisher_permissions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "personal_access_tokens_publisher_idx" ON "personal_access_tokens" USING btree ("publisher_id");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");