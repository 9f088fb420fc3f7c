-- Trial sign-ups from the site's /start/ form (POST /signup), one per email address, and their announcement to the
-- team: an outbox on the same row, written in the statement that stores the sign-up, so a crash or a failed send
-- loses nothing (src/webhooks/announce-signups.ts sends and retries it).
CREATE TABLE IF NOT EXISTS signups (
  -- `sgn_…`; the announcement's webhook-id is `msg_` + this id, the same on every attempt.
  id                 text PRIMARY KEY,
  email              text NOT NULL,
  -- lower(email): a second sign-up with the same address is the first one again, never a second row.
  email_key          text NOT NULL UNIQUE,
  site_url           text NOT NULL,
  -- A plan's slug from the pricing (`growth`, `byok`), or null: not decided yet.
  plan               text,
  -- How many times the same address signed up again after the first.
  repeats            integer NOT NULL DEFAULT 0,
  created_at         timestamptz NOT NULL DEFAULT now(),
  last_request_at    timestamptz NOT NULL DEFAULT now(),
  -- pending: due at announce_next_at (claimed while announce_next_at is ahead: a lease); delivered: a 2xx came
  -- back; failed: out of tries.
  announce_status    text NOT NULL DEFAULT 'pending' CHECK (announce_status IN ('pending', 'delivered', 'failed')),
  announce_attempts  integer NOT NULL DEFAULT 0,
  announce_next_at   timestamptz NOT NULL DEFAULT now(),
  announce_error     text,
  announced_at       timestamptz
);
CREATE INDEX IF NOT EXISTS signups_created ON signups (created_at, id);
CREATE INDEX IF NOT EXISTS signups_announce_due ON signups (announce_next_at) WHERE announce_status = 'pending';
