ALTER TABLE "node_versions" ADD COLUMN "yanked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "node_versions" ADD COLUMN "yanked_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A yank changes what the index shows of a version (its yanked flag and reason): the change feed
-- (0013_change_feed) must record it, so the version trigger now watches both columns too.
DROP TRIGGER "change_feed_version_updated" ON "node_versions";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "change_feed_version_updated" AFTER UPDATE ON "node_versions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."node_id", OLD."version", OLD."changelog", OLD."dependencies", OLD."deprecated", OLD."deprecation_message",
         OLD."status", OLD."status_reason", OLD."tags", OLD."tags_admin", OLD."supported_os", OLD."supported_accelerators",
         OLD."supported_comfyui_version", OLD."supported_comfyui_frontend_version", OLD."comfy_node_extract_status",
         OLD."archive_id", OLD."yanked_at", OLD."yanked_reason")
        IS DISTINCT FROM
        (NEW."node_id", NEW."version", NEW."changelog", NEW."dependencies", NEW."deprecated", NEW."deprecation_message",
         NEW."status", NEW."status_reason", NEW."tags", NEW."tags_admin", NEW."supported_os", NEW."supported_accelerators",
         NEW."supported_comfyui_version", NEW."supported_comfyui_frontend_version", NEW."comfy_node_extract_status",
         NEW."archive_id", NEW."yanked_at", NEW."yanked_reason"))
  EXECUTE FUNCTION "change_feed_version"();
