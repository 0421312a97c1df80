CREATE TABLE "node_list_counts" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"listed" bigint NOT NULL,
	"present" bigint NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"generation" uuid DEFAULT gen_random_uuid() NOT NULL,
	CONSTRAINT "node_list_counts_single_row" CHECK ("node_list_counts"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "archive_readmes" (
	"archive_id" uuid PRIMARY KEY NOT NULL,
	"markdown" text,
	"html" text,
	"repository" text DEFAULT '' NOT NULL,
	"signer" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "archive_readmes" ADD CONSTRAINT "archive_readmes_archive_id_archives_id_fk" FOREIGN KEY ("archive_id") REFERENCES "public"."archives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- List counts (db/schema/node-list-counts.ts): kept in the transaction of every change to `nodes`, so
-- GET /nodes reads its total instead of counting. Inserts and deletes are counted per statement
-- (an import inserts thousands of rows in a few statements); updates per row, and only when status,
-- withheld or created_at really changed (installs and edits never touch the row).
CREATE FUNCTION "node_list_counts_add"(listed_delta bigint, present_delta bigint) RETURNS void LANGUAGE sql AS $$
  UPDATE "node_list_counts"
  SET "listed" = "listed" + listed_delta, "present" = "present" + present_delta, "version" = "version" + 1
  WHERE "id" = 1;
$$;--> statement-breakpoint
CREATE FUNCTION "node_list_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "node_list_counts_add"(
    (SELECT count(*) FROM inserted WHERE "status" = 'NodeStatusActive' AND NOT "withheld"),
    (SELECT count(*) FROM inserted WHERE "status" <> 'NodeStatusDeleted'))
  WHERE EXISTS (SELECT 1 FROM inserted);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "node_list_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "node_list_counts_add"(
    -(SELECT count(*) FROM removed WHERE "status" = 'NodeStatusActive' AND NOT "withheld"),
    -(SELECT count(*) FROM removed WHERE "status" <> 'NodeStatusDeleted'))
  WHERE EXISTS (SELECT 1 FROM removed);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "node_list_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "node_list_counts_add"(
    (CASE WHEN NEW."status" = 'NodeStatusActive' AND NOT NEW."withheld" THEN 1 ELSE 0 END)
      - (CASE WHEN OLD."status" = 'NodeStatusActive' AND NOT OLD."withheld" THEN 1 ELSE 0 END),
    (CASE WHEN NEW."status" <> 'NodeStatusDeleted' THEN 1 ELSE 0 END)
      - (CASE WHEN OLD."status" <> 'NodeStatusDeleted' THEN 1 ELSE 0 END));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "node_list_counts_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "node_list_counts" SET "listed" = 0, "present" = 0, "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "node_list_counts_on_insert" AFTER INSERT ON "nodes"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "node_list_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "node_list_counts_on_delete" AFTER DELETE ON "nodes"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "node_list_counts_deleted"();--> statement-breakpoint
CREATE TRIGGER "node_list_counts_on_update" AFTER UPDATE OF "status", "withheld", "created_at" ON "nodes"
  FOR EACH ROW WHEN ((OLD."status", OLD."withheld", OLD."created_at") IS DISTINCT FROM (NEW."status", NEW."withheld", NEW."created_at"))
  EXECUTE FUNCTION "node_list_counts_updated"();--> statement-breakpoint
CREATE TRIGGER "node_list_counts_on_truncate" AFTER TRUNCATE ON "nodes"
  FOR EACH STATEMENT EXECUTE FUNCTION "node_list_counts_emptied"();--> statement-breakpoint
INSERT INTO "node_list_counts" ("id", "listed", "present")
SELECT 1, count(*) FILTER (WHERE "status" = 'NodeStatusActive' AND NOT "withheld"), count(*) FILTER (WHERE "status" <> 'NodeStatusDeleted')
FROM "nodes";
