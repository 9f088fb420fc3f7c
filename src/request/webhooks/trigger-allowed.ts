// Who may call the background send function: only a caller holding SKRIBRA_WEBHOOK_TRIGGER_SECRET. Without the
// secret configured the function is closed (fail closed: a public URL must not let anyone make us send). The
// comparison takes the same time whatever the guess, so the secret cannot be found byte by byte.
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s: string) => createHash('sha256').update(s).digest();

export function triggerAllowed(authorization: string | null, secret: string | undefined): boolean {
  if (!secret) return false;
  return timingSafeEqual(digest(authorization ?? ''), digest(`Bearer ${secret}`));
}
