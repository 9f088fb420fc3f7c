-- The blog's cache purges (src/blog/purge-blog-changes.ts): per purge target (Netlify's CDN, a Varnish), how far the
-- blog project's change log (article_changes, migration 006) has been purged there, and when the target may be sent
-- its next batch. The log is the outbox: a change is never lost, because the cursor moves only past changes the target
-- accepted, and within a project seqs are drawn in commit order, so a cursor never passes a change still to commit.
CREATE TABLE IF NOT EXISTS cache_purge_cursors (
  -- The target's name: `netlify`, `varnish`.
  target      text PRIMARY KEY,
  -- Every change of the blog project up to this seq has been purged at the target.
  seq         bigint NOT NULL DEFAULT 0,
  -- No batch before this: the target's rate limit after an attempt, a back-off after a failure, or a claim's lease
  -- (a worker that dies mid-send leaves the batch to another once it runs out).
  next_at     timestamptz NOT NULL DEFAULT '-infinity',
  -- Failed attempts since the last accepted one (the back-off grows with it).
  failures    integer NOT NULL DEFAULT 0,
  last_error  text,
  purged_at   timestamptz
);
