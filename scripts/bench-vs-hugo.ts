#!/usr/bin/env node
// `npm run bench:vs-hugo -- [--terms 10000] [--rounds 3] [--max-cold R] [--max-warm R]`: the build's speed
// as a ratio to Hugo's on the same machine in the same run, which a slow or loaded machine does not move as it moves
// an absolute time. Each round builds the real content plus N generated terms with Hugo (bench/hugo-glossary: HTML,
// JSON and markdown per term), then with `astro build` cold (empty build caches), Hugo again, then `astro build` warm
// (the caches the cold build left). Each of our builds is divided by the Hugo build just before it. Prints every
// round and the medians; exits 1 when a median ratio is above its limit.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateContent } from './generate-content.ts';
import { ASTRO_BUILD, WITHOUT_BLOG } from '../src/build-time/astro-build.ts';

const { values } = parseArgs({
  options: {
    terms: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '3' },
    'max-cold': { type: 'string' },
    'max-warm': { type: 'string' },
  },
});
const terms = Number(values.terms);
const rounds = Number(values.rounds);
const root = resolve(import.meta.dirname, '..');
// Inside the project: Astro stages a build's server chunks in an output folder within the project, and in the shared
// .astro/ otherwise, where a concurrent build would delete them.
mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
const work = mkdtempSync(join(root, 'node_modules/.cache/skribra-bench-vs-hugo-'));
const folder = (name: string) => {
  const path = join(work, name);
  mkdirSync(path);
  return path;
};
const empty = (dir: string) => {
  for (const name of readdirSync(dir)) rmSync(join(dir, name), { recursive: true, force: true });
};
const cleanUp = () => rmSync(work, { recursive: true, force: true });

const content = generateContent(terms, join(folder('content'), 'site'));
const hugoSite = join(work, 'hugo');
cpSync(join(root, 'bench/hugo-glossary'), hugoSite, { recursive: true });
mkdirSync(join(hugoSite, 'content'));
symlinkSync(join(content, 'glossary'), join(hugoSite, 'content/glossary'), 'dir');

interface Run {
  seconds: number;
  peakMb: number;
}
/** Runs a command under GNU time: wall seconds and peak RSS; the output is shown only when it fails. */
function timed(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Run {
  const timeFile = join(work, 'time.txt');
  const started = performance.now();
  const result = spawnSync('/usr/bin/time', ['-f', '%M', '-o', timeFile, command, ...args], { cwd: root, env, encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) {
    console.error(`${label} failed (exit ${result.status}):\n${result.stdout.slice(-4000)}\n${result.stderr.slice(-4000)}`);
    cleanUp();
    process.exit(2);
  }
  return { seconds, peakMb: Number(readFileSync(timeFile, 'utf8').trim().split('\n').pop()) / 1024 };
}

const hugoOut = folder('hugo-out');
const hugo = (): Run => {
  const run = timed('hugo', 'hugo', ['-s', hugoSite, '-d', hugoOut, '--quiet']);
  empty(hugoOut);
  return run;
};
const dist = folder('dist');
const ours = (caches: string): Run => {
  const run = timed('astro build', process.execPath, [...ASTRO_BUILD, '--outDir', dist, '--silent'], {
    ...process.env,
    ...WITHOUT_BLOG,
    SKRIBRA_CONTENT_DIR: content,
    SITE_URL: 'https://skribra.com',
    SKRIBRA_OG_CACHE: join(caches, 'og'),
    SKRIBRA_BUILD_CACHE: join(caches, 'build'),
  });
  empty(dist);
  return run;
};

const fixed = (n: number, digits = 2) => n.toFixed(digits);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ratios = { cold: [] as number[], warm: [] as number[] };
const rows = [];
console.log(`real content + ${terms} generated terms, ${rounds} rounds...`);
for (let round = 1; round <= rounds; round++) {
  const caches = folder(`caches-${round}`);
  const hugoCold = hugo();
  const cold = ours(caches);
  const hugoWarm = hugo();
  const warm = ours(caches);
  ratios.cold.push(cold.seconds / hugoCold.seconds);
  ratios.warm.push(warm.seconds / hugoWarm.seconds);
  rows.push({
    round,
    'hugo (s)': `${fixed(hugoCold.seconds)}, ${fixed(hugoWarm.seconds)}`,
    'cold (s)': fixed(cold.seconds),
    'warm (s)': fixed(warm.seconds),
    'cold / hugo': fixed(ratios.cold.at(-1)!),
    'warm / hugo': fixed(ratios.warm.at(-1)!),
    'memory cold, warm / hugo': `${fixed(cold.peakMb / hugoCold.peakMb)}, ${fixed(warm.peakMb / hugoWarm.peakMb)}`,
    load: loadavg()
      .map((l) => fixed(l))
      .join(' '),
  });
  empty(caches);
}
cleanUp();
console.table(rows);

const checks = [
  { name: 'cold', value: median(ratios.cold), limit: values['max-cold'] },
  { name: 'warm', value: median(ratios.warm), limit: values['max-warm'] },
];
let failed = false;
for (const { name, value, limit } of checks) {
  const over = limit !== undefined && value > Number(limit);
  failed ||= over;
  console.log(
    `${name}: median ${fixed(value)}x Hugo's time${limit === undefined ? '' : over ? `, above the limit of ${limit}x` : ` (limit ${limit}x)`}`,
  );
}
process.exit(failed ? 1 : 0);
