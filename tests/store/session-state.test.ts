// Nothing in the store depends on session state, so any transaction-mode pooler may hand each transaction another
// server connection: locks are transaction-scoped (pg_advisory_xact_lock), settings last for their transaction only
// (set_config(..., true), never SET), and there is no LISTEN, SQL PREPARE, temporary table, reserved connection or
// replication subscription. Read from the source: the statements of src/ and the migrations.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.(ts|mts|sql)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
const sources = [
  ...files(join(root, 'src')),
  ...files(join(root, 'origin')),
  ...files(join(root, 'dev')),
  ...files(join(root, 'functions')),
  ...files(join(root, 'scripts', 'cli')),
].filter((f) => !f.includes(`${join('src', 'site', 'pages')}`));

const SESSION = [
  { what: 'a session-level advisory lock', re: /pg_(try_)?advisory_lock(_shared)?\s*\(/i },
  { what: 'a session-wide setting (set_config(..., false))', re: /set_config\s*\([^)]*,\s*false\s*\)/i },
  { what: 'a SET or RESET statement', re: /(^|[`;]\s*)(set|reset)\s+(session\s+)?[a-z_]+(\s*=|\s+to\s)/im },
  { what: 'LISTEN / UNLISTEN', re: /(^|[`;]\s*)(un)?listen\s+[a-z_"]/im },
  { what: 'an SQL PREPARE or DISCARD', re: /(^|[`;]\s*)(prepare|discard)\s+[a-z_"]/im },
  { what: 'a temporary table', re: /create\s+(global\s+|local\s+)?temp(orary)?\s+table/i },
  { what: "a reserved connection or postgres.js's listen/subscribe", re: /\bsql\.(reserve|listen|subscribe)\s*\(/ },
];

describe('no session state in the store', () => {
  it('finds none of it in src/, functions/, the CLI or the migrations', () => {
    const found: string[] = [];
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      for (const { what, re } of SESSION) if (re.test(text)) found.push(`${relative(root, file)}: ${what}`);
    }
    expect(found).toEqual([]);
  });

  it('sees each kind when it is there (the patterns are not blind)', () => {
    const samples = [
      'await sql`select pg_advisory_lock(1)`',
      "select set_config('x', 'y', false)",
      'await sql`SET statement_timeout = 0`',
      'await sql`listen events`',
      'await sql`prepare q as select 1`',
      'create temp table t (x int)',
      'const c = await sql.reserve()',
    ];
    expect(samples.map((s) => SESSION.filter(({ re }) => re.test(s)).length)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });

  it('keeps the locks and the setting it uses transaction-scoped', () => {
    const text = sources.map((f) => readFileSync(f, 'utf8')).join('\n');
    expect(text).toMatch(/pg_advisory_xact_lock\(/);
    expect(text).toMatch(/set_config\('synchronous_commit', 'off', true\)/);
  });
});
