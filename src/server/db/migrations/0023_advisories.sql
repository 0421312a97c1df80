CREATE TABLE "advisories" (
	"id" text PRIMARY KEY NOT NULL,
	"summary" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"severity" text NOT NULL,
	"kind" text NOT NULL,
	"aliases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"imported_from" text,
	"published_at" timestamp with time zone NOT NULL,
	"modified_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"created_by_user_id" text,
	CONSTRAINT "advisories_imported_from_unique" UNIQUE("imported_from")
);
--> statement-breakpoint
CREATE TABLE "advisory_affected" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advisory_id" text NOT NULL,
	"ecosystem" text NOT NULL,
	"package" text NOT NULL,
	"ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"versions" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "advisory_id_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advisories" ADD CONSTRAINT "advisories_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisory_affected" ADD CONSTRAINT "advisory_affected_advisory_id_advisories_id_fk" FOREIGN KEY ("advisory_id") REFERENCES "public"."advisories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advisories_modified_idx" ON "advisories" USING btree ("modified_at","id");--> statement-breakpoint
CREATE INDEX "advisory_affected_package_idx" ON "advisory_affected" USING btree ("ecosystem","package");--> statement-breakpoint
CREATE INDEX "advisory_affected_advisory_idx" ON "advisory_affected" USING btree ("advisory_id");--> statement-breakpoint
-- Advisories join the change feed (0013, 0016) as kind 'advisory': one row without a pack (the feed and
-- every answer carrying advisory ids are stale) and one per pack the advisory names (its page, its index
-- entry). Python-package advisories name no pack here: answers that list them declare the 'advisories'
-- cache key, which every advisory change purges.
CREATE OR REPLACE FUNCTION "change_feed_advisory"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM "change_feed_lock"();
  INSERT INTO "change_feed" ("kind") VALUES ('advisory');
  INSERT INTO "change_feed" ("kind", "node_id", "publisher_id")
  SELECT DISTINCT 'advisory', n."id", n."publisher_id"
  FROM "advisory_affected" a JOIN "nodes" n ON n."id" = a."package"
  WHERE a."advisory_id" = changed."id" AND a."ecosystem" = 'Nodeyard';
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "change_feed_advisory_affected"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM "change_feed_lock"();
  INSERT INTO "change_feed" ("kind", "node_id", "publisher_id")
  SELECT 'advisory', n."id", n."publisher_id" FROM "nodes" n
  WHERE changed."ecosystem" = 'Nodeyard' AND n."id" = changed."package";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "change_feed_advisory_written" AFTER INSERT OR UPDATE OR DELETE ON "advisories"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_feed_advisory"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "change_feed_advisory_affected_written" AFTER INSERT OR UPDATE OR DELETE ON "advisory_affected"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_feed_advisory_affected"();
