CREATE TABLE "scheduled_tasks" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_waiting_dedupe_key" ON "jobs" USING btree ("kind","dedupe_key") WHERE "jobs"."status" = 'queued' AND "jobs"."attempts" = 0 AND "jobs"."dedupe_key" IS NOT NULL;