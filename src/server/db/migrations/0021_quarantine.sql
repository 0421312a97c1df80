ALTER TABLE "node_versions" ADD COLUMN "quarantined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "node_versions" ADD COLUMN "quarantine_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_trusted_reporter" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pack_reports" ADD COLUMN "can_quarantine" boolean DEFAULT false NOT NULL;