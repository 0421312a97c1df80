-- The scan job was queued as `version.uploaded` until issue 17, and the worker kept running that name
-- as an alias for rows queued before the rename. Those rows now carry the current name, so the alias
-- is gone from the code (a row of a kind no handler knows would wait in the queue for ever).
UPDATE "jobs" SET "kind" = 'version.scan' WHERE "kind" = 'version.uploaded';
