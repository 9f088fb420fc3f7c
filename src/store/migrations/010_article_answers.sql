-- The content API's finished detail answer of each article (src/store/repos/article-answers.ts): the exact JSON text
-- of GET /v1/projects/{projectId}/articles/{slug} and its ETag, made when the article is written (or on a read of a
-- row that has none current), so that a detail request reads one text column instead of parsing the whole row.
-- An answer is current only for
--   the row version it was made from: row_xmin is the article row's xmin then (every UPDATE of the row makes a new
--     version with a new xmin, whichever process or statement made it: bulk SQL, a migration, the CLI);
--   the serialiser that made it: stamp (src/store/own-article-answer.ts, derived from the field declaration);
--   the account it names (metadata.userId): account_id, compared with the project's account when read.
-- Anything else is serialised from the row again, and the answer rewritten. Deleting an article deletes its answer.
CREATE TABLE IF NOT EXISTS article_answers (
  article_id  text PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
  row_xmin    xid  NOT NULL,
  stamp       text NOT NULL,
  account_id  text NOT NULL,
  body        text NOT NULL,
  etag        text NOT NULL
);
-- An answer is read on every detail request: one that fits a page stays in it uncompressed (PostgreSQL would compress
-- any row past 2 kB, and decompress it on every read); larger ones are still compressed.
ALTER TABLE article_answers SET (toast_tuple_target = 8160);

-- The safety net beside row_xmin: an UPDATE of an article drops its answer in the same statement, so one transaction
-- that writes an answer and then changes the article again (both row versions carry the same xmin) cannot leave the
-- first answer behind.
CREATE OR REPLACE FUNCTION articles_drop_answers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM article_answers s USING new_rows n WHERE s.article_id = n.id;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS articles_drop_answers ON articles;
CREATE TRIGGER articles_drop_answers AFTER UPDATE ON articles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION articles_drop_answers();
