CREATE TABLE "trusted_publishers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"publisher_id" text NOT NULL,
	"node_id" text NOT NULL,
	"issuer" text NOT NULL,
	"repository" text NOT NULL,
	"repository_id" text,
	"repository_owner_id" text,
	"workflow" text NOT NULL,
	"environment" text,
	"ref_pattern" text,
	"created_by" text,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trusted_publishing_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"secret_hash" text NOT NULL,
	"display_prefix" text NOT NULL,
	"trusted_publisher_ids" uuid[] NOT NULL,
	"issuer" text NOT NULL,
	"jti" text NOT NULL,
	"claims" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"oidc_expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trusted_publishing_credentials_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "require_trusted_publishing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trusted_publishers" ADD CONSTRAINT "trusted_publishers_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trusted_publishers" ADD CONSTRAINT "trusted_publishers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trusted_publishers_publisher_idx" ON "trusted_publishers" USING btree ("publisher_id");--> statement-breakpoint
CREATE INDEX "trusted_publishers_issuer_idx" ON "trusted_publishers" USING btree ("issuer");--> statement-breakpoint
CREATE UNIQUE INDEX "trusted_publishing_credentials_jti_key" ON "trusted_publishing_credentials" USING btree ("issuer","jti");--> statement-breakpoint
CREATE INDEX "trusted_publishing_credentials_expiry_idx" ON "trusted_publishing_credentials" USING btree ("oidc_expires_at");