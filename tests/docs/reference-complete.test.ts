// docs/reference.md promises every `npm run` script of package.json and every environment variable the service
// reads (src/model/config.ts's schema): each must be named there, as `npm run <script>` or `<script>`, and as `NAME`.
// npm's own lifecycle scripts (postinstall) are run by npm, not by a person, and are left out.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/model/config.ts';

const root = join(import.meta.dirname, '../..');
const reference = readFileSync(join(root, 'docs/reference.md'), 'utf8');
const LIFECYCLE = new Set(['preinstall', 'install', 'postinstall', 'prepare', 'prepublishOnly', 'prepack', 'postpack']);
const scripts = Object.keys(
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts,
).filter((s) => !LIFECYCLE.has(s));

describe('docs/reference.md', () => {
  it('names every npm script', () => {
    const named = (s: string) => reference.includes(`npm run ${s}`) || reference.includes(`npm ${s}`) || reference.includes(`\`${s}\``);
    expect(scripts.filter((s) => !named(s))).toEqual([]);
  });

  it('names every environment variable the config reads', () => {
    expect(Object.keys(configSchema.shape).filter((name) => !reference.includes(`\`${name}\``))).toEqual([]);
  });
});
