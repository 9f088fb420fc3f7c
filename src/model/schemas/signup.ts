// A trial sign-up as the /start/ form sends it (POST /signup, a plain form post or JSON), and what the endpoint
// answers. The messages are for the person at the form: one per field, a sentence each, shown beside the field.
import * as z from 'zod';

/** RFC 5321's longest address. */
export const EMAIL_MAX = 254;
/** A site address longer than this is not one a person typed. */
export const SITE_MAX = 2000;
/** The field a person never sees (a honeypot): a form that fills it was filled by a program. */
export const HONEYPOT_FIELD = 'website';

export const SIGNUP_MESSAGES = {
  emailMissing: 'Enter your email address.',
  emailInvalid: 'Enter an email address like name@example.com.',
  emailLong: `An email address has at most ${EMAIL_MAX} characters.`,
  siteMissing: "Enter your site's address.",
  siteInvalid: "Enter your site's address, like example.com or https://example.com/blog/.",
  siteLong: `A site address has at most ${SITE_MAX.toLocaleString('en-US')} characters.`,
  plan: (names: readonly string[]) => `Choose one of the plans (${names.join(', ')}) or "Not sure yet".`,
} as const;

/** A form field's text: trimmed, and empty as absent. */
const field = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  return t === '' ? undefined : t;
};

/** `example.com/blog` -> `https://example.com/blog`: people type addresses without a scheme. */
function siteUrl(text: string): string | undefined {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  // A public site: http(s), a host name with a dot, no credentials.
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.') || url.username || url.password)
    return undefined;
  if (/\s/.test(text)) return undefined;
  return url.href;
}

/** The sign-up's fields, given the plan slugs the pricing offers (core/plan-choices.ts). */
export const signupInput = (plans: readonly { slug: string; name: string }[]) =>
  z.object({
    /** Where the team writes to open the account; stored as typed, one sign-up per address whatever its case. */
    email: z.preprocess(
      field,
      z
        .email({ error: (i) => (i.input === undefined ? SIGNUP_MESSAGES.emailMissing : SIGNUP_MESSAGES.emailInvalid) })
        .max(EMAIL_MAX, { error: SIGNUP_MESSAGES.emailLong }),
    ),
    /** The site the trial is for, an absolute http(s) URL (`https://` is added when the scheme is left out). */
    site: z.preprocess(
      field,
      z
        .string({ error: (i) => (i.input === undefined ? SIGNUP_MESSAGES.siteMissing : SIGNUP_MESSAGES.siteInvalid) })
        .max(SITE_MAX, { error: SIGNUP_MESSAGES.siteLong })
        .transform((text, ctx) => {
          const url = siteUrl(text);
          if (url === undefined) ctx.issues.push({ code: 'custom', message: SIGNUP_MESSAGES.siteInvalid, input: text });
          return url ?? z.NEVER;
        }),
    ),
    /** A plan's slug (`growth`), or absent: not decided yet. */
    plan: z.preprocess(
      field,
      z.enum(plans.map((p) => p.slug) as [string, ...string[]], { error: SIGNUP_MESSAGES.plan(plans.map((p) => p.name)) }).optional(),
    ),
  });

/** The endpoint's answer to a sign-up it took (the first, or the same address again). */
export const signupReceived = z.object({
  /** The address the team will write to. */
  email: z.string(),
  /** The site, as stored. */
  site_url: z.string(),
  /** The plan's slug, or null: not decided. */
  plan: z.string().nullable(),
  /** True when this address had signed up before: the first request stands and nothing new is sent. */
  repeat: z.boolean(),
});
export type SignupReceived = z.output<typeof signupReceived>;
