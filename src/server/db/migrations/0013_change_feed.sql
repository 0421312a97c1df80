CREATE TABLE "change_feed" (
	"position" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"node_id" text,
	"version_id" uuid,
	"version" text,
	"publisher_id" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_feed_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"pruned_through" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "change_feed_state_single_row" CHECK ("change_feed_state"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "change_feed_recorded_at_idx" ON "change_feed" USING btree ("recorded_at");--> statement-breakpoint
-- The change feed (db/schema/change-feed.ts). Triggers record every change to what catalogue readers
-- see, in the transaction of the change. They are deferred to commit: there the advisory lock below
-- is taken, so positions are handed out one committing transaction at a time, and the lock is released
-- only after the commit is visible. Positions therefore increase in commit order, and a reader that has
-- seen position N has seen every change before it. Counters (installs, stars, reviews) and timestamps
-- are not watched: they change on reads and refreshes, and nothing a feed reader keeps depends on them.
INSERT INTO "change_feed_state" ("id", "pruned_through") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "change_feed_lock"() RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(720415003);
$$;--> statement-breakpoint
CREATE FUNCTION "change_feed_node"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM "change_feed_lock"();
  INSERT INTO "change_feed" ("kind", "node_id") VALUES ('node', changed."id");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "change_feed_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM "change_feed_lock"();
  INSERT INTO "change_feed" ("kind", "node_id", "version_id", "version")
  VALUES ('version', changed."node_id", changed."id", changed."version");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "change_feed_archive"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "change_feed_lock"();
  INSERT INTO "change_feed" ("kind", "node_id", "version_id", "version")
  SELECT 'version', v."node_id", v."id", v."version" FROM "node_versions" v WHERE v."archive_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "change_feed_classes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM "change_feed_lock"();
  -- A version deleted with its classes is recorded by its own trigger.
  INSERT INTO "change_feed" ("kind", "node_id", "version_id", "version")
  SELECT 'classes', v."node_id", v."id", v."version" FROM "node_versions" v WHERE v."id" = changed."node_version_id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "change_feed_publisher"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM "change_feed_lock"();
  INSERT INTO "change_feed" ("kind", "publisher_id") VALUES ('publisher', changed."id");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "change_feed_node_written" AFTER INSERT OR DELETE ON "nodes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_feed_node"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "change_feed_node_updated" AFTER UPDATE ON "nodes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."id", OLD."publisher_id", OLD."name", OLD."description", OLD."category", OLD."author", OLD."license",
         OLD."icon", OLD."banner_url", OLD."repository", OLD."tags", OLD."tags_admin", OLD."supported_os",
         OLD."supported_accelerators", OLD."supported_comfyui_version", OLD."supported_comfyui_frontend_version",
         OLD."translations", OLD."status", OLD."status_detail", OLD."search_ranking", OLD."preempted_comfy_node_names",
         OLD."catalog_comfy_node_names", OLD."latest_version_id", OLD."withheld")
        IS DISTINCT FROM
        (NEW."id", NEW."publisher_id", NEW."name", NEW."description", NEW."category", NEW."author", NEW."license",
         NEW."icon", NEW."banner_url", NEW."repository", NEW."tags", NEW."tags_admin", NEW."supported_os",
         NEW."supported_accelerators", NEW."supported_comfyui_version", NEW."supported_comfyui_frontend_version",
         NEW."translations", NEW."status", NEW."status_detail", NEW."search_ranking", NEW."preempted_comfy_node_names",
         NEW."catalog_comfy_node_names", NEW."latest_version_id", NEW."withheld"))
  EXECUTE FUNCTION "change_feed_node"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "change_feed_version_written" AFTER INSERT OR DELETE ON "node_versions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_feed_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "change_feed_version_updated" AFTER UPDATE ON "node_versions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."node_id", OLD."version", OLD."changelog", OLD."dependencies", OLD."deprecated", OLD."deprecation_message",
         OLD."status", OLD."status_reason", OLD."tags", OLD."tags_admin", OLD."supported_os", OLD."supported_accelerators",
         OLD."supported_comfyui_version", OLD."supported_comfyui_frontend_version", OLD."comfy_node_extract_status",
         OLD."archive_id")
        IS DISTINCT FROM
        (NEW."node_id", NEW."version", NEW."changelog", NEW."dependencies", NEW."deprecated", NEW."deprecation_message",
         NEW."status", NEW."status_reason", NEW."tags", NEW."tags_admin", NEW."supported_os", NEW."supported_accelerators",
         NEW."supported_comfyui_version", NEW."supported_comfyui_frontend_version", NEW."comfy_node_extract_status",
         NEW."archive_id"))
  EXECUTE FUNCTION "change_feed_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "change_feed_archive_updated" AFTER UPDATE ON "archives"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."key", OLD."size", OLD."sha256", OLD."uploaded_at") IS DISTINCT FROM (NEW."key", NEW."size", NEW."sha256", NEW."uploaded_at"))
  EXECUTE FUNCTION "change_feed_archive"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "change_feed_classes_written" AFTER INSERT OR UPDATE OR DELETE ON "comfy_nodes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_feed_classes"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "change_feed_publisher_written" AFTER INSERT OR DELETE ON "publishers"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_feed_publisher"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "change_feed_publisher_updated" AFTER UPDATE ON "publishers"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."name", OLD."description", OLD."website", OLD."support", OLD."source_code_repo", OLD."logo", OLD."status")
        IS DISTINCT FROM
        (NEW."name", NEW."description", NEW."website", NEW."support", NEW."source_code_repo", NEW."logo", NEW."status"))
  EXECUTE FUNCTION "change_feed_publisher"();
