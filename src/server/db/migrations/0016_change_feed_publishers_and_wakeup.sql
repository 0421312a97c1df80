-- The change feed (0013_change_feed) becomes the one source of invalidation: the response cache purges
-- by key from it, so every row about a pack also names the pack's publisher (publisher pages list the
-- pack), and a pack that moves to another publisher names the old one too. Every committing change
-- also sends a NOTIFY on nodeyard_change_feed, so instances on one PostgreSQL read the new rows at once
-- instead of waiting for their next poll; the rows themselves, read after each follower's cursor, stay
-- the only thing anyone acts on (a lost notification only delays).
CREATE OR REPLACE FUNCTION "change_feed_lock"() RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(720415003);
  SELECT pg_notify('nodeyard_change_feed', '');
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "change_feed_node"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM "change_feed_lock"();
  INSERT INTO "change_feed" ("kind", "node_id", "publisher_id") VALUES ('node', changed."id", changed."publisher_id");
  IF TG_OP = 'UPDATE' AND OLD."publisher_id" IS DISTINCT FROM NEW."publisher_id" THEN
    INSERT INTO "change_feed" ("kind", "node_id", "publisher_id") VALUES ('node', OLD."id", OLD."publisher_id");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "change_feed_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM "change_feed_lock"();
  INSERT INTO "change_feed" ("kind", "node_id", "version_id", "version", "publisher_id")
  VALUES ('version', changed."node_id", changed."id", changed."version",
          (SELECT n."publisher_id" FROM "nodes" n WHERE n."id" = changed."node_id"));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "change_feed_archive"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "change_feed_lock"();
  INSERT INTO "change_feed" ("kind", "node_id", "version_id", "version", "publisher_id")
  SELECT 'version', v."node_id", v."id", v."version", n."publisher_id"
  FROM "node_versions" v LEFT JOIN "nodes" n ON n."id" = v."node_id"
  WHERE v."archive_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "change_feed_classes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM "change_feed_lock"();
  -- A version deleted with its classes is recorded by its own trigger.
  INSERT INTO "change_feed" ("kind", "node_id", "version_id", "version", "publisher_id")
  SELECT 'classes', v."node_id", v."id", v."version", n."publisher_id"
  FROM "node_versions" v LEFT JOIN "nodes" n ON n."id" = v."node_id"
  WHERE v."id" = changed."node_version_id";
  RETURN NULL;
END;
$$;
