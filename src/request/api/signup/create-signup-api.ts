// The trial sign-up: POST /signup from the site's /start/ form, run by the one pipeline. A sign-up is validated field
// by field, stored once per email address (a repeat is answered kindly and changes nothing), and announced to the team
// from the store's outbox (src/request/webhooks/announce-signups.ts). Abuse meets a per-address limit (SIGNUP_RATE_LIMIT: in
// memory here, Netlify's `rateLimit` in production) and a honeypot field: a filled one is answered as a success and
// nothing is kept. A plain form post is answered with a redirect or a page; JSON with JSON.
import type { Sql } from 'postgres';
import type { Pricing } from '../../../model/schemas/pricing.ts';
import { HONEYPOT_FIELD, signupInput, type SignupReceived } from '../../../model/schemas/signup.ts';
import { planChoices } from '../../../model/core/plan-choices.ts';
import { saveSignup } from '../../../store/repos/signups.ts';
import { ApiError } from '../http/api-error.ts';
import { addressOf } from '../http/client-address.ts';
import type { HandlersOf } from '../http/handlers-of.ts';
import { createPipeline, type ApiImplementation } from '../http/pipeline.ts';
import { JSON_TYPE, jsonBody } from '../http/respond.ts';
import { createRateLimiter } from '../http/sliding-window.ts';
import { errorPage, thanksRedirect } from './form-answer.ts';
import { isFormPost, readSignupBody } from './read-signup-body.ts';

export interface SignupApiDeps {
  sql: Sql;
  /** The pricing whose plans a sign-up may name (the build's catalog). */
  pricing: Pricing;
  /** The in-process limit (local origin). Leave out where the platform limits (Netlify's `rateLimit`). */
  rateLimit?: { windowLimit: number; windowSize: number };
  /** The client's address; by default the one the platform adapter stamped (client-address.ts), never a client's claim. */
  clientIp?: (req: Request) => string;
  /** Sends a new sign-up's announcement now, off the request; the outbox keeps it until it is delivered. */
  announce?: (id: string, req: Request) => void;
}

/** Invalid fields: 400 `invalid_body`, with each field's own message. */
export class SignupFieldsError extends ApiError {
  readonly fields: Record<string, string>;
  constructor(fields: Record<string, string>) {
    super(
      400,
      'invalid_body',
      Object.entries(fields)
        .map(([k, m]) => `${k}: ${m}`)
        .join(' '),
    );
    this.fields = fields;
  }
}

const json = (value: unknown, status: number) => new Response(jsonBody(value), { status, headers: { 'content-type': JSON_TYPE } });

export function signupImplementation({
  sql,
  pricing,
  rateLimit,
  clientIp = (req) => addressOf(req) ?? 'unknown',
  announce,
}: SignupApiDeps): ApiImplementation {
  const limiter = rateLimit && createRateLimiter(rateLimit);
  const schema = signupInput(planChoices(pricing));

  /** The sign-up, stored (or recognised as a repeat): the answer's data and whether it was new. */
  async function take(req: Request, fields: Record<string, unknown>): Promise<{ data: SignupReceived; created: boolean }> {
    const parsed = schema.safeParse(fields);
    if (!parsed.success) {
      const byField: Record<string, string> = {};
      for (const issue of parsed.error.issues) byField[String(issue.path[0])] ??= issue.message;
      throw new SignupFieldsError(byField);
    }
    const { email, site, plan } = parsed.data;
    const data = { email, site_url: site, plan: plan ?? null };
    // A program filled the field no person sees: it is told what a person would be, and nothing is kept or sent.
    if (typeof fields[HONEYPOT_FIELD] === 'string' && fields[HONEYPOT_FIELD] !== '')
      return { data: { ...data, repeat: false }, created: true };
    let saved: { id: string; created: boolean };
    try {
      saved = await saveSignup(sql, data);
    } catch (err) {
      console.error(`signup: the store did not take a sign-up: ${(err as Error).message}`);
      throw new ApiError(
        503,
        'unavailable',
        'Your sign-up could not be stored just now; try again in a minute, or write to hello@skribra.com.',
        {
          'retry-after': '60',
        },
      );
    }
    if (saved.created) announce?.(saved.id, req);
    return { data: { ...data, repeat: !saved.created }, created: saved.created };
  }

  const handlers: HandlersOf<'signup'> = {
    createSignup: async ({ req }) => {
      const form = isFormPost(req);
      let plan: string | undefined;
      try {
        const wait = limiter?.hit(clientIp(req)) ?? 0;
        if (wait)
          throw new ApiError(429, 'rate_limited', `Too many sign-ups from your address; try again in ${wait} s.`, {
            'retry-after': String(wait),
          });
        const { fields } = await readSignupBody(req);
        if (typeof fields.plan === 'string') plan = fields.plan;
        const { data, created } = await take(req, fields);
        if (form) return thanksRedirect();
        return json({ data }, created ? 202 : 200);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        const fields = err instanceof SignupFieldsError ? err.fields : undefined;
        if (form) return errorPage(err, fields, plan);
        if (fields) return json({ code: err.code, message: err.message, fields }, err.status);
        throw err;
      }
    },
  };
  return { handlers };
}

export function createSignupApi(deps: SignupApiDeps): (req: Request) => Promise<Response> {
  return createPipeline({ apis: { signup: signupImplementation(deps) } });
}
