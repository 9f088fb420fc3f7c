// The OpenAPI document through a third-party linter with its recommended rules (Redocly CLI, as outside testers ran
// it): no errors. Warnings that remain are listed in the assertion message when they change.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiJson } from '../../src/request/machine/openapi/openapi-document.ts';
import { limitsFrom } from '../../src/request/api/content/limits.ts';
import { readConfig } from '../../src/model/config.ts';

const root = resolve(import.meta.dirname, '../..');

describe('the OpenAPI document under @redocly/cli lint (recommended)', () => {
  it('has no errors', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skribra-lint-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, openApiJson('https://skribra.com', limitsFrom(readConfig())));
      let out: string;
      let failed = false;
      try {
        out = execFileSync(
          process.execPath,
          [join(root, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', file, '--extends=recommended', '--format=summary'],
          { encoding: 'utf8', stdio: 'pipe' },
        );
      } catch (err) {
        failed = true;
        out = `${(err as { stdout?: string }).stdout ?? ''}${(err as { stderr?: string }).stderr ?? ''}`;
      }
      expect(
        out.split('\n').filter((l) => /^error\s/.test(l.trim())),
        out,
      ).toEqual([]);
      expect(failed, out).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
