ALTER TABLE "node_versions" ADD COLUMN "deprecation_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "withheld" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Existing packs whose versions were all flagged or banned (none Active) are withheld from the start.
UPDATE "nodes" SET "withheld" = true WHERE "latest_version_id" IS NULL AND EXISTS (SELECT 1 FROM "node_versions" v WHERE v."node_id" = "nodes"."id" AND v."status" IN ('NodeVersionStatusFlagged', 'NodeVersionStatusBanned')) AND NOT EXISTS (SELECT 1 FROM "node_versions" v WHERE v."node_id" = "nodes"."id" AND v."status" = 'NodeVersionStatusActive');
