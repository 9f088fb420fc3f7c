-- `skribra webhook redeliver` keeps a delivery's attempts (its history) and gives it a fresh retry schedule: the
-- schedule counts the attempts made since `schedule_from`, the number of attempts when it was last queued again.
ALTER TABLE webhook_deliveries ADD COLUMN IF NOT EXISTS schedule_from integer NOT NULL DEFAULT 0;
