// `skribra signup list` and `skribra signup export` on a real store: the sign-ups the /start/ form stored, as a table,
// as --json, as CSV (quoted where needed, formulas defused) and as a JSON array; their help; a bad --format refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore, type TestStore } from '../helpers/test-store.ts';
import { saveSignup } from '../../src/store/repos/signups.ts';
import { skribra, skribraProcess } from '../helpers/cli.ts';

let t: TestStore;
const cli = (...args: string[]) => skribra(args, t.env);

beforeAll(async () => {
  t = await openTestStore();
  await saveSignup(t.store.sql, { email: 'ada@example.com', site_url: 'https://ada.example.com/', plan: 'growth' });
  // Typed by anyone: a comma, a quote and a leading = must not break or run in a spreadsheet.
  await saveSignup(t.store.sql, { email: 'bob@example.com', site_url: 'https://bob.example.com/?a=1,b="2"', plan: null });
  await saveSignup(t.store.sql, { email: '=cmd@example.com', site_url: 'https://eve.example.com/', plan: 'byok' });
  await saveSignup(t.store.sql, { email: 'ADA@example.com', site_url: 'https://again.example.com/', plan: 'scale' });
});
afterAll(() => t?.close());

describe('skribra signup list', () => {
  it('lists the sign-ups oldest first, each once, with whether the team was told', async () => {
    const r = await cli('signup', 'list', '--json');
    expect(r.code).toBe(0);
    expect(r.out.signups.map((s: { email: string }) => s.email)).toEqual(['ada@example.com', 'bob@example.com', '=cmd@example.com']);
    expect(r.out.signups[0]).toEqual({
      id: expect.stringMatching(/^sgn_[0-9a-f]{20}$/),
      email: 'ada@example.com',
      site_url: 'https://ada.example.com/',
      plan: 'growth',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      repeats: 1,
      announced: 'pending',
      announce_error: null,
    });
    const human = await cli('signup', 'list');
    expect(human.stdout.split('\n')[0]).toMatch(/^id\s+email\s+site_url\s+plan\s+created_at\s+announced$/);
    expect(human.stdout).toMatch(/ada@example\.com\s+https:\/\/ada\.example\.com\/\s+growth\s+\S+\s+pending/);
    expect((await cli('signup', 'list', '--limit', '1', '--json')).out.signups).toHaveLength(1);
  });
});

describe('skribra signup export', () => {
  it('prints CSV by default: a header, one row per sign-up, quoted where needed, formulas defused', async () => {
    const r = await cli('signup', 'export');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('id,email,site_url,plan,created_at,repeats,announced,announce_error');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^sgn_\w+,ada@example\.com,https:\/\/ada\.example\.com\/,growth,\S+,1,pending,$/);
    expect(lines[2]).toMatch(/^sgn_\w+,bob@example\.com,"https:\/\/bob\.example\.com\/\?a=1,b=""2""",,\S+,0,pending,$/);
    expect(lines[3]).toMatch(/^sgn_\w+,'=cmd@example\.com,/);
  });

  it('prints a JSON array with --format json, the same rows', async () => {
    const r = await cli('signup', 'export', '--format', 'json');
    const rows = JSON.parse(r.stdout) as { email: string; plan: string | null }[];
    expect(rows.map((x) => [x.email, x.plan])).toEqual([
      ['ada@example.com', 'growth'],
      ['bob@example.com', null],
      ['=cmd@example.com', 'byok'],
    ]);
    expect((await cli('signup', 'export', '--json')).out.signups).toHaveLength(3);
  });

  it('refuses another format (exit 2), and its help names both', async () => {
    const bad = await cli('signup', 'export', '--format', 'xlsx');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--format');
    const help = await skribraProcess(['signup', 'export', '--help'], t.env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--format csv|json');
    expect((await skribraProcess(['help'], t.env)).stdout).toMatch(/signup list[\s\S]*signup export/);
  });
});
