-- The sync feed (GET /v1/sync): a per-article change log that knows removals, written by triggers on articles in
-- the transaction of whatever changes an article (publish, edit, unpublish, redirect, noindex, retire, delete,
-- bulk SQL), so no write path can forget it and a removal is recorded exactly when it commits.
--
-- One row per article: its latest change. A later change of the same article moves the row to a new, higher
-- `seq`, so the log stays the size of the project (plus recent removals) and doubles as the initial sync: reading
-- it from the start in `seq` order gives every listed article once. "Listed" is the authenticated list's rule:
-- not unpublished and not redirected; noindex and retired articles stay listed, so they are upserts.
CREATE SEQUENCE IF NOT EXISTS article_changes_seq AS bigint;

CREATE TABLE IF NOT EXISTS article_changes (
  -- No foreign key to articles: the row of a deleted article must outlive it, as a removal.
  article_id  text PRIMARY KEY,
  project_id  text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  -- The feed's order. Allocated while the writer holds its project row lock (see articles_record_changes), so
  -- within a project a change with a higher seq always commits after every change with a lower one.
  seq         bigint NOT NULL DEFAULT nextval('article_changes_seq') UNIQUE,
  -- The slug the client knows the article by (for a removal, the slug it had while listed).
  slug        text NOT NULL,
  kind        text NOT NULL CHECK (kind IN ('upsert', 'removed')),
  reason      text CHECK ((kind = 'upsert' AND reason IS NULL) OR (kind = 'removed' AND reason IN ('unpublished', 'redirected'))),
  at          timestamptz NOT NULL DEFAULT now()
);
ALTER SEQUENCE article_changes_seq OWNED BY article_changes.seq;
CREATE INDEX IF NOT EXISTS article_changes_feed ON article_changes (project_id, seq);
-- Pruning: unpublished removals older than the retention (src/store/repos/sync.ts) are deleted; upserts and
-- redirects are the live state of a slug and stay.
CREATE INDEX IF NOT EXISTS article_changes_removed_at ON article_changes (at) WHERE kind = 'removed';

-- The key that signs sync cursors (HMAC-SHA256), kept in the store so no configuration is needed and every
-- process of a deployment signs and verifies alike. 256 random bits from two v4 UUIDs (gen_random_uuid is core).
CREATE TABLE IF NOT EXISTS sync_secret (
  id      boolean PRIMARY KEY DEFAULT true CHECK (id),
  secret  text NOT NULL
);
INSERT INTO sync_secret (secret)
  VALUES (encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex'))
  ON CONFLICT (id) DO NOTHING;

CREATE OR REPLACE FUNCTION articles_record_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    -- Every article is gone at once: drop the log and change the signing key, so every outstanding cursor is
    -- refused (400) and each client starts over with a full sync, which then lists nothing stale.
    DELETE FROM article_changes;
    UPDATE sync_secret SET secret = encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex');
    RETURN NULL;
  END IF;

  -- The ordering guarantee. Take the row lock of each project this statement touched (in id order) before any
  -- seq is drawn; it is held until commit. Writers of one project therefore draw seqs one transaction at a time,
  -- in commit order, and a reader's snapshot always sees a prefix of the project's seqs: it can never pass a
  -- lower seq that commits later. Migration 004's trigger already updates the same rows, so this adds no
  -- waiting; it only makes the guarantee this feed depends on explicit here.
  IF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM projects WHERE id IN (SELECT project_id FROM old_rows) ORDER BY id FOR NO KEY UPDATE;
  ELSE
    PERFORM 1 FROM projects WHERE id IN (SELECT project_id FROM new_rows) ORDER BY id FOR NO KEY UPDATE;
  END IF;

  -- Each branch names only the transition tables its trigger defines (PL/pgSQL plans a statement when it first runs).
  -- An article's state for a client: listed (not unpublished, not redirected: the authenticated list's rule, so
  -- noindex and retired articles are listed), redirected, or unpublished.
  IF TG_OP = 'INSERT' THEN
    -- Listed: upsert. Redirected from birth: a redirect a site must serve. Unpublished from birth: nothing to say.
    INSERT INTO article_changes AS c (article_id, project_id, slug, kind, reason)
    SELECT id, project_id, slug,
      CASE WHEN redirect_to IS NULL THEN 'upsert' ELSE 'removed' END,
      CASE WHEN redirect_to IS NULL THEN NULL ELSE 'redirected' END
    FROM new_rows WHERE NOT unpublished
    ORDER BY project_id, id
    ON CONFLICT (article_id) DO UPDATE SET seq = excluded.seq, project_id = excluded.project_id, slug = excluded.slug,
      kind = excluded.kind, reason = excluded.reason, at = excluded.at;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Recorded: any change of a listed article (an edit, a re-publish, noindex, retire), any change of state, and a
    -- redirect that now points elsewhere. Not recorded: a no-op update, or edits of an article no one can see.
    -- A removal carries the slug the article had while the client knew it (`unpublished` is checked first, as the
    -- detail route does).
    INSERT INTO article_changes AS c (article_id, project_id, slug, kind, reason)
    SELECT n.id, n.project_id,
      CASE WHEN n.st = 'listed' THEN n.slug ELSE o.slug END,
      CASE WHEN n.st = 'listed' THEN 'upsert' ELSE 'removed' END,
      CASE n.st WHEN 'listed' THEN NULL WHEN 'unpublished' THEN 'unpublished' ELSE 'redirected' END
    FROM (SELECT r, r.id, r.project_id, r.slug, r.redirect_to, r.redirect_type,
            CASE WHEN r.unpublished THEN 'unpublished' WHEN r.redirect_to IS NOT NULL THEN 'redirected' ELSE 'listed' END AS st
          FROM new_rows r) n
    JOIN (SELECT r, r.id, r.slug, r.redirect_to, r.redirect_type,
            CASE WHEN r.unpublished THEN 'unpublished' WHEN r.redirect_to IS NOT NULL THEN 'redirected' ELSE 'listed' END AS st
          FROM old_rows r) o ON o.id = n.id
    WHERE n.r IS DISTINCT FROM o.r
      AND (n.st = 'listed' OR n.st <> o.st
        OR (n.st = 'redirected' AND (n.redirect_to, n.redirect_type) IS DISTINCT FROM (o.redirect_to, o.redirect_type)))
    ORDER BY n.project_id, n.id
    ON CONFLICT (article_id) DO UPDATE SET seq = excluded.seq, project_id = excluded.project_id, slug = excluded.slug,
      kind = excluded.kind, reason = excluded.reason, at = excluded.at;
  ELSE -- DELETE: a listed or redirected article that is deleted is gone for its readers, as if unpublished.
    -- Only for projects that still exist: deleting a project cascades here, and its log goes with it.
    INSERT INTO article_changes AS c (article_id, project_id, slug, kind, reason)
    SELECT o.id, o.project_id, o.slug, 'removed', 'unpublished' FROM old_rows o
    WHERE NOT o.unpublished AND EXISTS (SELECT 1 FROM projects p WHERE p.id = o.project_id)
    ORDER BY o.project_id, o.id
    ON CONFLICT (article_id) DO UPDATE SET seq = excluded.seq, project_id = excluded.project_id, slug = excluded.slug,
      kind = excluded.kind, reason = excluded.reason, at = excluded.at;
  END IF;
  RETURN NULL;
END $$;

-- Named after migration 003's triggers (articles_count_*), so on the same event those run first.
DROP TRIGGER IF EXISTS articles_sync_insert ON articles;
DROP TRIGGER IF EXISTS articles_sync_update ON articles;
DROP TRIGGER IF EXISTS articles_sync_delete ON articles;
DROP TRIGGER IF EXISTS articles_sync_truncate ON articles;
CREATE TRIGGER articles_sync_insert AFTER INSERT ON articles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION articles_record_changes();
CREATE TRIGGER articles_sync_update AFTER UPDATE ON articles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION articles_record_changes();
CREATE TRIGGER articles_sync_delete AFTER DELETE ON articles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION articles_record_changes();
CREATE TRIGGER articles_sync_truncate AFTER TRUNCATE ON articles
  FOR EACH STATEMENT EXECUTE FUNCTION articles_record_changes();

-- Backfill, in the migration's transaction (under its lock): every article listed now is an upsert and every
-- redirect in force a redirected removal, oldest first. Unpublishings from before this migration are unknown; a
-- client that synced with updatedSince before should start the feed with a full sync.
INSERT INTO article_changes (article_id, project_id, slug, kind, reason)
SELECT id, project_id, slug, CASE WHEN redirect_to IS NULL THEN 'upsert' ELSE 'removed' END,
  CASE WHEN redirect_to IS NULL THEN NULL ELSE 'redirected' END
FROM (
  SELECT id, project_id, slug, redirect_to FROM articles WHERE NOT unpublished ORDER BY published_at, id
) a
ON CONFLICT (article_id) DO NOTHING;
