-- A per-project version of the listed content: `projects.articles_version` goes up in the transaction of every
-- statement that writes any article of the project (publish, edit, unpublish, redirect, noindex, retire, delete,
-- bulk SQL, truncate). The content API caches finished list pages under (project, version, query), so a page is
-- reused only while nothing it was built from can have changed, whichever process made the change.
-- Same statement-level triggers as migration 003 (one function, one UPDATE of the project row per statement):
-- concurrent writers serialise on that row, so every committed write gets its own, higher version.
ALTER TABLE projects ADD COLUMN IF NOT EXISTS articles_version bigint NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION articles_count_visible() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its trigger defines (PL/pgSQL plans a statement when it first runs).
  -- Every project a statement touched is bumped, even when its visible count is unchanged (an edit, a retire).
  IF TG_OP = 'INSERT' THEN
    UPDATE projects p SET visible_articles = p.visible_articles + d.n, articles_version = p.articles_version + 1
    FROM (SELECT project_id, count(*) FILTER (WHERE NOT unpublished AND redirect_to IS NULL)::int AS n FROM new_rows GROUP BY project_id) d
    WHERE p.id = d.project_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE projects p SET visible_articles = p.visible_articles - d.n, articles_version = p.articles_version + 1
    FROM (SELECT project_id, count(*) FILTER (WHERE NOT unpublished AND redirect_to IS NULL)::int AS n FROM old_rows GROUP BY project_id) d
    WHERE p.id = d.project_id;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE projects p SET visible_articles = p.visible_articles + d.n, articles_version = p.articles_version + 1
    FROM (
      SELECT project_id, sum(n)::int AS n FROM (
        SELECT project_id, CASE WHEN NOT unpublished AND redirect_to IS NULL THEN 1 ELSE 0 END AS n FROM new_rows
        UNION ALL
        SELECT project_id, CASE WHEN NOT unpublished AND redirect_to IS NULL THEN -1 ELSE 0 END FROM old_rows
      ) s GROUP BY project_id
    ) d
    WHERE p.id = d.project_id;
  ELSE -- TRUNCATE
    UPDATE projects SET visible_articles = 0, articles_version = articles_version + 1;
  END IF;
  RETURN NULL;
END $$;

-- The triggers of migration 003 call this function by name and need no change.
-- Backfill: every project moves to a new version. Versions only ever go up, never back to a number a page may
-- already be cached under, so applying this file again is harmless.
UPDATE projects SET articles_version = articles_version + 1;
