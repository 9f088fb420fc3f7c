-- The article model customers' sites need, and a webhook event for every change in an article's life.
--
-- 1. Columns of the fields added to src/schemas/article-fields.ts (image alt and size, tags, author, language).
--    Lists are jsonb, never null; tags are indexed for the `tag` filter of /v1/articles.
ALTER TABLE articles ADD COLUMN IF NOT EXISTS image_alt text;
ALTER TABLE articles ADD COLUMN IF NOT EXISTS image_width integer;
ALTER TABLE articles ADD COLUMN IF NOT EXISTS image_height integer;
ALTER TABLE articles ADD COLUMN IF NOT EXISTS tags jsonb NOT NULL DEFAULT '[]';
ALTER TABLE articles ADD COLUMN IF NOT EXISTS author jsonb;
ALTER TABLE articles ADD COLUMN IF NOT EXISTS language text;
CREATE INDEX IF NOT EXISTS articles_tags ON articles USING gin (tags jsonb_path_ops);

-- 2. What an endpoint subscribes to: null is the spec's default (`article.published`, once per article, when it is
--    first created); a list names the lifecycle events it wants (src/webhooks/events.ts).
ALTER TABLE projects ADD COLUMN IF NOT EXISTS webhook_events text[];
-- The sync feed's sequence of the change a delivery tells of (null for deliveries from before this migration).
ALTER TABLE webhook_deliveries ADD COLUMN IF NOT EXISTS sequence bigint;

-- 3. The change log of migration 006 also says which lifecycle event each change is, so the webhook outbox, written
--    in the same transaction, sends exactly what the sync feed records, under the same sequence:
--    created      first insert of a listed article
--    published    a listed article that was not listed (re-published after an unpublish or a redirect)
--    updated      a listed article that changed and stays listed (an edit, noindex, retire)
--    unpublished  it left the list as unpublished (or was deleted)
--    redirected   it left the list by a redirect, or its redirect changed
ALTER TABLE article_changes ADD COLUMN IF NOT EXISTS event text;

CREATE OR REPLACE FUNCTION articles_record_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM article_changes;
    UPDATE sync_secret SET secret = encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex');
    RETURN NULL;
  END IF;

  -- The ordering guarantee of migration 006: each touched project's row lock before any seq is drawn.
  IF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM projects WHERE id IN (SELECT project_id FROM old_rows) ORDER BY id FOR NO KEY UPDATE;
  ELSE
    PERFORM 1 FROM projects WHERE id IN (SELECT project_id FROM new_rows) ORDER BY id FOR NO KEY UPDATE;
  END IF;

  IF TG_OP = 'INSERT' THEN
    INSERT INTO article_changes AS c (article_id, project_id, slug, kind, reason, event)
    SELECT id, project_id, slug,
      CASE WHEN redirect_to IS NULL THEN 'upsert' ELSE 'removed' END,
      CASE WHEN redirect_to IS NULL THEN NULL ELSE 'redirected' END,
      CASE WHEN redirect_to IS NULL THEN 'created' ELSE 'redirected' END
    FROM new_rows WHERE NOT unpublished
    ORDER BY project_id, id
    ON CONFLICT (article_id) DO UPDATE SET seq = excluded.seq, project_id = excluded.project_id, slug = excluded.slug,
      kind = excluded.kind, reason = excluded.reason, at = excluded.at, event = excluded.event;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO article_changes AS c (article_id, project_id, slug, kind, reason, event)
    SELECT n.id, n.project_id,
      CASE WHEN n.st = 'listed' THEN n.slug ELSE o.slug END,
      CASE WHEN n.st = 'listed' THEN 'upsert' ELSE 'removed' END,
      CASE n.st WHEN 'listed' THEN NULL WHEN 'unpublished' THEN 'unpublished' ELSE 'redirected' END,
      CASE WHEN n.st = 'listed' AND o.st = 'listed' THEN 'updated' WHEN n.st = 'listed' THEN 'published' ELSE n.st END
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
      kind = excluded.kind, reason = excluded.reason, at = excluded.at, event = excluded.event;
  ELSE
    INSERT INTO article_changes AS c (article_id, project_id, slug, kind, reason, event)
    SELECT o.id, o.project_id, o.slug, 'removed', 'unpublished', 'unpublished' FROM old_rows o
    WHERE NOT o.unpublished AND EXISTS (SELECT 1 FROM projects p WHERE p.id = o.project_id)
    ORDER BY o.project_id, o.id
    ON CONFLICT (article_id) DO UPDATE SET seq = excluded.seq, project_id = excluded.project_id, slug = excluded.slug,
      kind = excluded.kind, reason = excluded.reason, at = excluded.at, event = excluded.event;
  END IF;
  RETURN NULL;
END $$;
