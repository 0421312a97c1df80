CREATE TABLE "ban_appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_type" text NOT NULL,
	"publisher_id" text,
	"requested_by_user_id" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" text,
	"response" text,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" text
);
--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "ban_reason" text;--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "banned_by_user_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ban_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_by_user_id" text;--> statement-breakpoint
ALTER TABLE "ban_appeals" ADD CONSTRAINT "ban_appeals_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ban_appeals" ADD CONSTRAINT "ban_appeals_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ban_appeals" ADD CONSTRAINT "ban_appeals_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ban_appeals_open_created_idx" ON "ban_appeals" USING btree ("decided_at","created_at");--> statement-breakpoint
CREATE INDEX "ban_appeals_publisher_idx" ON "ban_appeals" USING btree ("publisher_id","created_at");--> statement-breakpoint
CREATE INDEX "ban_appeals_requester_idx" ON "ban_appeals" USING btree ("requested_by_user_id","created_at");--> statement-breakpoint
ALTER TABLE "publishers" ADD CONSTRAINT "publishers_banned_by_user_id_users_id_fk" FOREIGN KEY ("banned_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_banned_by_user_id_users_id_fk" FOREIGN KEY ("banned_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Bans given before this migration kept their reason in the audit log only: copy the latest ban's reason, time and
-- admin onto the banned publishers and accounts (the row's updated_at when no audit entry says when).
UPDATE "publishers" p SET
	"ban_reason" = (SELECT a."after"->>'reason' FROM "audit_log" a WHERE a."target_type" = 'publisher' AND a."target_id" = p."id" AND a."action" = 'publisher.ban' AND a."after"->>'reason' IS NOT NULL ORDER BY a."id" DESC LIMIT 1),
	"banned_at" = COALESCE((SELECT a."created_at" FROM "audit_log" a WHERE a."target_type" = 'publisher' AND a."target_id" = p."id" AND a."action" = 'publisher.ban' ORDER BY a."id" DESC LIMIT 1), p."updated_at"),
	"banned_by_user_id" = (SELECT a."actor_user_id" FROM "audit_log" a WHERE a."target_type" = 'publisher' AND a."target_id" = p."id" AND a."action" = 'publisher.ban' AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = a."actor_user_id") ORDER BY a."id" DESC LIMIT 1)
WHERE p."status" = 'PublisherStatusBanned';--> statement-breakpoint
UPDATE "users" x SET
	"ban_reason" = (SELECT a."after"->>'reason' FROM "audit_log" a WHERE a."target_type" = 'user' AND a."target_id" = x."id" AND a."action" = 'user.admin_update' AND a."after"->>'status' = 'UserStatusBanned' AND a."after"->>'reason' IS NOT NULL ORDER BY a."id" DESC LIMIT 1),
	"banned_at" = COALESCE((SELECT a."created_at" FROM "audit_log" a WHERE a."target_type" = 'user' AND a."target_id" = x."id" AND a."action" = 'user.admin_update' AND a."after"->>'status' = 'UserStatusBanned' ORDER BY a."id" DESC LIMIT 1), x."updated_at"),
	"banned_by_user_id" = (SELECT a."actor_user_id" FROM "audit_log" a WHERE a."target_type" = 'user' AND a."target_id" = x."id" AND a."action" = 'user.admin_update' AND a."after"->>'status' = 'UserStatusBanned' AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = a."actor_user_id") ORDER BY a."id" DESC LIMIT 1)
WHERE x."status" = 'UserStatusBanned';
