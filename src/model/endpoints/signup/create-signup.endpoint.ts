// POST /signup: the /start/ form's trial sign-up, stored and announced to the team, never cached; a form post or JSON
// (src/request/api/signup/).
import { SIGNUP_BASE } from '../bases.ts';
import { CACHE } from '../cache-policy.ts';
import { defineEndpoint } from '../endpoint.ts';

export const createSignup = defineEndpoint({
  id: 'createSignup',
  api: 'signup',
  pattern: SIGNUP_BASE,
  methods: ['POST'],
  auth: 'none',
  cache: CACHE.live,
  cors: false,
});
