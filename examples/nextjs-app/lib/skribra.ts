// One client for the whole app, on the server only (the API key must never reach a browser; the client refuses to
// run in one anyway). Set SKRIBRA_API_KEY and SKRIBRA_PROJECT_ID in the environment; SKRIBRA_BASE_URL may be the
// site root or its /v1 URL.
import { createClient } from '@skribra/content';

export const skribra = createClient({
  apiKey: process.env.SKRIBRA_API_KEY ?? '',
  ...(process.env.SKRIBRA_BASE_URL ? { baseUrl: process.env.SKRIBRA_BASE_URL } : {}),
});

export const projectId = process.env.SKRIBRA_PROJECT_ID ?? '';
