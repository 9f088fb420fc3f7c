-- The publish webhook: an outbox of deliveries (one row per message, written in the transaction that publishes
-- the article, so a crash between commit and send loses nothing), plus what an endpoint needs beyond its URL
-- and current secret: the previous secret during a rotation, and the mark left by a 410 Gone.
ALTER TABLE projects ADD COLUMN IF NOT EXISTS webhook_previous_secret text;
ALTER TABLE projects ADD COLUMN IF NOT EXISTS webhook_previous_secret_until timestamptz;
ALTER TABLE projects ADD COLUMN IF NOT EXISTS webhook_disabled_at timestamptz;
ALTER TABLE projects ADD COLUMN IF NOT EXISTS webhook_disabled_reason text;

CREATE TABLE IF NOT EXISTS webhook_deliveries (
  -- `msg_…`: sent as webhook-id on every attempt, the receiver's idempotency key.
  id               text PRIMARY KEY,
  project_id       text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  article_id       text REFERENCES articles(id) ON DELETE SET NULL,
  event_type       text NOT NULL,
  -- The exact body bytes (text, not jsonb, which would reorder keys): every retry sends the same body.
  payload          text NOT NULL,
  attempts         integer NOT NULL DEFAULT 0,
  -- pending: due at next_attempt_at; sending: claimed, and claimable again at next_attempt_at if the worker
  -- died (a lease); delivered: a 2xx came back (never sent again); failed: out of tries, 410, or no endpoint.
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'delivered', 'failed')),
  next_attempt_at  timestamptz,
  last_status      integer,
  last_error       text,
  last_attempt_at  timestamptz,
  delivered_at     timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
-- The worker's claim: due rows only, oldest first.
CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status IN ('pending', 'sending');
CREATE INDEX IF NOT EXISTS webhook_deliveries_project ON webhook_deliveries (project_id, created_at DESC, id);
