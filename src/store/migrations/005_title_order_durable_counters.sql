-- Title order that people expect, whatever the server's locale: an ICU collation on the root locale ("und"),
-- which compares letters first (case- and accent-insensitive: "Guide edited" < "Guide F" < "Guide z"), then
-- accents, then case, then the code points, so it is deterministic (equal only for identical strings; the list
-- still breaks those ties by id). The embedded server (built with ICU) and Debian's PostgreSQL order alike; the
-- cluster's own collation stays C (code point order) for everything else.
CREATE COLLATION IF NOT EXISTS skribra_title (provider = icu, locale = 'und');

-- The title sort pages over this index, as the other sorts do over theirs (same partial predicate).
DROP INDEX IF EXISTS articles_title;
CREATE INDEX IF NOT EXISTS articles_title_human ON articles (project_id, title COLLATE skribra_title, id)
  WHERE NOT unpublished AND redirect_to IS NULL;

-- Rate-limit counters survive a crash. They were UNLOGGED (a crash reset every account's counts); now they are
-- WAL-logged, and the counting statement commits with synchronous_commit = off (src/store/repos/access.ts): the
-- commit does not wait for the WAL flush, so the per-request cost stays that of an unlogged write, and a crash
-- loses at most the counts of the last ~0.6 s (3 x wal_writer_delay), never the table.
ALTER TABLE rate_counters SET LOGGED;
