// The trial sign-ups the site's /start/ form stored (POST /signup): `signup list` for a look, `signup export` for a
// spreadsheet or a script. Each row says whether its announcement to the team (SKRIBRA_SIGNUP_WEBHOOK_URL) went out.
import { listSignups, type SignupRow } from '../../src/store/repos/signups.ts';
import { limit, oneOf } from './args.ts';
import type { Command } from './command.ts';
import { limitOption } from './common-options.ts';
import { iso, table } from './table.ts';

/** The columns of both commands, in order: what a row of the export holds. */
export const SIGNUP_COLUMNS = ['id', 'email', 'site_url', 'plan', 'created_at', 'repeats', 'announced', 'announce_error'] as const;
const FORMATS = ['csv', 'json'] as const;

const rowOf = (r: SignupRow) => ({
  id: r.id,
  email: r.email,
  site_url: r.site_url,
  plan: r.plan,
  created_at: iso(r.created_at),
  repeats: r.repeats,
  /** delivered, pending (not yet, or retrying) or failed. */
  announced: r.announce_status,
  announce_error: r.announce_error,
});

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break; a cell a spreadsheet would run as a
 * formula (= + - @ first) is led by a quote mark, since sign-ups are typed by anyone.
 */
function csvCell(v: unknown): string {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const toCsv = (rows: Record<string, unknown>[]): string =>
  [SIGNUP_COLUMNS.join(','), ...rows.map((r) => SIGNUP_COLUMNS.map((c) => csvCell(r[c])).join(','))].join('\n');

export const signupCommands: Record<string, Command> = {
  'signup list': {
    options: { limit: limitOption },
    help: 'Lists trial sign-ups from the /start/ form, oldest first: email, site, plan, when, and whether the team was told (announced: delivered, pending or failed).',
    run: async (sql, p) => ({ signups: (await listSignups(sql, { limit: limit(p) })).map(rowOf) }),
    human: (r) => {
      const rows = r.signups as Record<string, unknown>[];
      return rows.length ? table(rows, ['id', 'email', 'site_url', 'plan', 'created_at', 'announced']) : 'no sign-ups';
    },
  },
  'signup export': {
    options: {
      format: { type: 'string', choices: FORMATS, help: 'csv (the default: a header row, then one row per sign-up) or json (an array).' },
    },
    help: 'Prints every trial sign-up, oldest first, as CSV or a JSON array, for a spreadsheet or a script: skribra signup export > signups.csv.',
    async run(sql, p) {
      const format = oneOf(p, 'format', FORMATS) ?? 'csv';
      return { format, signups: (await listSignups(sql)).map(rowOf) };
    },
    human: (r) => {
      const rows = r.signups as Record<string, unknown>[];
      return r.format === 'json' ? JSON.stringify(rows, null, 2) : toCsv(rows);
    },
  },
};
