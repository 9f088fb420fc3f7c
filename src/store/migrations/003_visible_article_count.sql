-- An exact count of each project's listed articles (not unpublished, not redirected: the predicate of the
-- articles_* partial indexes), so the authenticated list's `pagination.total` is one row read instead of a
-- count over every listed article of the project on each request.
-- Kept by statement-level triggers on articles, in the transaction of whatever changes an article (publish,
-- unpublish, redirect, retire, noindex, delete, a bulk insert), so no write path can forget it. Concurrent
-- writers serialise on the project row's update, which re-reads the committed value: no increment is lost.
ALTER TABLE projects ADD COLUMN IF NOT EXISTS visible_articles integer NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION articles_count_visible() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its trigger defines (PL/pgSQL plans a statement when it first runs).
  IF TG_OP = 'INSERT' THEN
    UPDATE projects p SET visible_articles = p.visible_articles + d.n
    FROM (SELECT project_id, count(*)::int AS n FROM new_rows WHERE NOT unpublished AND redirect_to IS NULL GROUP BY project_id) d
    WHERE p.id = d.project_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE projects p SET visible_articles = p.visible_articles - d.n
    FROM (SELECT project_id, count(*)::int AS n FROM old_rows WHERE NOT unpublished AND redirect_to IS NULL GROUP BY project_id) d
    WHERE p.id = d.project_id;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE projects p SET visible_articles = p.visible_articles + d.n
    FROM (
      SELECT project_id, sum(n)::int AS n FROM (
        SELECT project_id, 1 AS n FROM new_rows WHERE NOT unpublished AND redirect_to IS NULL
        UNION ALL
        SELECT project_id, -1 FROM old_rows WHERE NOT unpublished AND redirect_to IS NULL
      ) s GROUP BY project_id HAVING sum(n) <> 0
    ) d
    WHERE p.id = d.project_id;
  ELSE -- TRUNCATE
    UPDATE projects SET visible_articles = 0 WHERE visible_articles <> 0;
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS articles_count_insert ON articles;
DROP TRIGGER IF EXISTS articles_count_update ON articles;
DROP TRIGGER IF EXISTS articles_count_delete ON articles;
DROP TRIGGER IF EXISTS articles_count_truncate ON articles;
CREATE TRIGGER articles_count_insert AFTER INSERT ON articles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION articles_count_visible();
CREATE TRIGGER articles_count_update AFTER UPDATE ON articles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION articles_count_visible();
CREATE TRIGGER articles_count_delete AFTER DELETE ON articles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION articles_count_visible();
CREATE TRIGGER articles_count_truncate AFTER TRUNCATE ON articles
  FOR EACH STATEMENT EXECUTE FUNCTION articles_count_visible();

-- Backfill, in the migration's transaction (and under its lock): the articles already stored.
UPDATE projects p SET visible_articles = coalesce(
  (SELECT count(*)::int FROM articles a WHERE a.project_id = p.id AND NOT a.unpublished AND a.redirect_to IS NULL), 0);
