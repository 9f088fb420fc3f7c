-- Accounts, their API keys, projects, articles and rate-limit counters.
CREATE TABLE IF NOT EXISTS accounts (
  id          text PRIMARY KEY,
  name        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Only a SHA-256 digest of a key is stored; the key itself is shown once at creation.
CREATE TABLE IF NOT EXISTS api_keys (
  id          text PRIMARY KEY,
  account_id  text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  digest      text NOT NULL UNIQUE,
  hint        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz
);
CREATE INDEX IF NOT EXISTS api_keys_account ON api_keys (account_id) WHERE revoked_at IS NULL;

CREATE TABLE IF NOT EXISTS projects (
  id              text PRIMARY KEY,
  account_id      text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name            text NOT NULL,
  url             text,
  api_enabled     boolean NOT NULL DEFAULT false,
  webhook_url     text,
  webhook_secret  text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS projects_account ON projects (account_id, created_at, id);

CREATE TABLE IF NOT EXISTS articles (
  id                   text PRIMARY KEY,
  project_id           text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  slug                 text NOT NULL,
  title                text NOT NULL,
  content_html         text NOT NULL,
  excerpt              text,
  meta_description     text,
  image_url            text,
  type                 text,
  reading_time         integer,
  keyword              text,
  url                  text,
  toc_html             text,
  last_change_summary  text,
  related_articles     jsonb NOT NULL DEFAULT '[]',
  sources              jsonb NOT NULL DEFAULT '[]',
  json_ld              jsonb NOT NULL DEFAULT '[]',
  target_date          date,
  redirect_to          text,
  redirect_type        text,
  noindex              boolean NOT NULL DEFAULT false,
  unpublished          boolean NOT NULL DEFAULT false,
  retired              boolean NOT NULL DEFAULT false,
  published_at         timestamptz NOT NULL DEFAULT now(),
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  last_edited          timestamptz,
  UNIQUE (project_id, slug)
);
CREATE INDEX IF NOT EXISTS articles_published ON articles (project_id, published_at, id) WHERE NOT unpublished AND redirect_to IS NULL;
CREATE INDEX IF NOT EXISTS articles_updated ON articles (project_id, updated_at, id) WHERE NOT unpublished AND redirect_to IS NULL;
CREATE INDEX IF NOT EXISTS articles_title ON articles (project_id, title, id) WHERE NOT unpublished AND redirect_to IS NULL;

-- Fixed-window counters, one row per account, bucket (list|detail), window (hour|day) and window start.
-- UNLOGGED: they are ephemeral (a crash resets them, which is harmless) and commits touching only them skip
-- the WAL flush, which keeps the per-request upsert cheap.
CREATE UNLOGGED TABLE IF NOT EXISTS rate_counters (
  account_id    text NOT NULL,
  bucket        text NOT NULL,
  win           text NOT NULL,
  window_start  timestamptz NOT NULL,
  hits          integer NOT NULL,
  PRIMARY KEY (account_id, bucket, win, window_start)
);
