-- A project that moves to another account moves to a new articles_version (migration 004): the content API's detail
-- answers name their account (metadata.userId), and the detail cache keeps them under (project, version, slug), so the
-- version must cover the account too. A row trigger, only when account_id changes; versions only ever go up.
CREATE OR REPLACE FUNCTION projects_account_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.articles_version := OLD.articles_version + 1;
  RETURN NEW;
END $$;

DROP TRIGGER IF EXISTS projects_account_version ON projects;
CREATE TRIGGER projects_account_version BEFORE UPDATE OF account_id ON projects
  FOR EACH ROW WHEN (OLD.account_id IS DISTINCT FROM NEW.account_id) EXECUTE FUNCTION projects_account_version();
