#!/usr/bin/env node
// Synthetic content for benchmarks: a copy of content/ plus N generated glossary terms spread over the real
// categories, each valid against the schemas and cross-referencing its neighbours.
//   node scripts/generate-content.ts --terms 10000 [--out DIR]   prints the directory it wrote
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';

const TOPICS = [
  'crawl',
  'index',
  'render',
  'schema',
  'link',
  'anchor',
  'snippet',
  'intent',
  'cluster',
  'entity',
  'citation',
  'review',
  'sitemap',
  'redirect',
  'canonical',
  'hreflang',
  'latency',
  'layout',
  'query',
  'ranking',
];
const QUALIFIERS = ['signal', 'budget', 'audit', 'pattern', 'score', 'gap', 'map', 'rule', 'window', 'report'];

export function generateContent(terms: number, out = mkdtempSync(join(tmpdir(), 'skribra-gen-'))): string {
  const root = resolve(import.meta.dirname, '..');
  cpSync(join(root, 'content'), out, { recursive: true });
  const categories = (parse(readFileSync(join(out, 'glossary-categories.yaml'), 'utf8')) as { slug: string }[]).map((c) => c.slug);
  const slugOf = (i: number) => `gen-${TOPICS[i % TOPICS.length]}-${QUALIFIERS[Math.floor(i / TOPICS.length) % QUALIFIERS.length]}-${i}`;
  for (let i = 0; i < terms; i++) {
    const slug = slugOf(i);
    const title = `${slug
      .slice(4)
      .replace(/-\d+$/, '')
      .replace(/-/g, ' ')
      .replace(/^./, (c) => c.toUpperCase())} ${i}`;
    const prev = slugOf((i + terms - 1) % terms);
    const next = slugOf((i + 1) % terms);
    writeFileSync(
      join(out, 'glossary', `${slug}.md`),
      `---
title: ${title}
definition: ${title} is a generated term that measures how a page's ${TOPICS[i % TOPICS.length]} behaves over time.
tldr: A synthetic term used to benchmark the build at scale.
category: ${categories[i % categories.length]}
key_points:
  - Generated for benchmarks.
  - Links to its neighbours.
related_terms: [${prev}, ${next}]
sources:
  - title: Google Search Central documentation
    url: https://developers.google.com/search/docs
updated: 2026-11-01
---
## What it is
${title} sits between [[${prev}]] and [[${next}]] in this generated glossary. It exists to give the build a realistic
amount of markdown to parse, render and serialise, with cross-references that must resolve.

## How to use it
- Compare it with [[canonical-url]].
- Track it weekly.
- Fix what it finds before publishing more.
`,
    );
  }
  return out;
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { terms: { type: 'string', default: '1000' }, out: { type: 'string' } } });
  console.log(generateContent(Number(values.terms), values.out));
}
