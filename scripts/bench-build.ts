#!/usr/bin/env node
// `npm run bench:build -- --terms N`: builds the real content plus N generated glossary terms and prints wall
// time, peak memory (max RSS of the build process, from GNU time) and the number of files written. The blog (from
// the store) is left out: the benchmark measures the content pipeline at scale.
import { mkdtempSync, readdirSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { generateContent } from './generate-content.ts';
import { ASTRO_BUILD, WITHOUT_BLOG } from '../src/build-time/astro-build.ts';

const { values } = parseArgs({ options: { terms: { type: 'string', default: '10000' }, keep: { type: 'boolean', default: false } } });
const terms = Number(values.terms);
const root = resolve(import.meta.dirname, '..');
const content = generateContent(terms);
const outDir = mkdtempSync(join(tmpdir(), 'skribra-bench-dist-'));
const timeFile = join(outDir, '..', `time-${process.pid}.txt`);

console.log(`building real content + ${terms} generated terms...`);
const started = performance.now();
const result = spawnSync('/usr/bin/time', ['-f', '%M', '-o', timeFile, process.execPath, ...ASTRO_BUILD, '--outDir', outDir, '--silent'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ...WITHOUT_BLOG, SKRIBRA_CONTENT_DIR: content, SITE_URL: 'https://skribra.com' },
});
const seconds = (performance.now() - started) / 1000;
if (result.status !== 0) throw new Error(`build failed (exit ${result.status})`);
const peakMb = Number(readFileSync(timeFile, 'utf8').trim().split('\n').pop()) / 1024;
const files = readdirSync(outDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length;

console.table([{ terms, 'wall time (s)': seconds.toFixed(1), 'peak RSS (MB)': Math.round(peakMb), 'files written': files }]);
if (!values.keep) {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(content, { recursive: true, force: true });
  rmSync(timeFile, { force: true });
}
