ALTER TABLE "nodes" ADD COLUMN "legacy_confusable_id" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Ids that already share a confusable key (lower case, runs of - _ . as one -: nodeIdKey) are kept.
-- The oldest of each group holds the key; the others are marked, so the unique index below skips
-- them, and each gets an audit row naming the pack that holds its key (the conflict report).
UPDATE "nodes" SET "legacy_confusable_id" = true
FROM (
  SELECT "id", row_number() OVER (
    PARTITION BY regexp_replace(lower("id"), '[-_.]+', '-', 'g') ORDER BY "created_at", "id" COLLATE "C"
  ) AS "rank"
  FROM "nodes"
) AS "ranked"
WHERE "ranked"."id" = "nodes"."id" AND "ranked"."rank" > 1;--> statement-breakpoint
INSERT INTO "audit_log" ("actor_kind", "action", "target_type", "target_id", "after")
SELECT 'system', 'node.confusable_id_kept', 'node', "kept"."id",
  jsonb_build_object('holder', "holder"."id", 'key', "kept"."key", 'migration', '0011_confusable_node_ids')
FROM (SELECT "id", regexp_replace(lower("id"), '[-_.]+', '-', 'g') AS "key" FROM "nodes" WHERE "legacy_confusable_id") AS "kept"
JOIN (SELECT "id", regexp_replace(lower("id"), '[-_.]+', '-', 'g') AS "key" FROM "nodes" WHERE NOT "legacy_confusable_id") AS "holder"
  ON "holder"."key" = "kept"."key";--> statement-breakpoint
CREATE UNIQUE INDEX "nodes_id_key_key" ON "nodes" USING btree (regexp_replace(lower("id"), '[-_.]+', '-', 'g')) WHERE NOT "nodes"."legacy_confusable_id";
