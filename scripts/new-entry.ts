#!/usr/bin/env node
// Writes a new content entry, its placeholders marked TODO, which `npm run check:content` accepts once each is written:
//   npm run new -- <collection> <slug> [--title "XML sitemap"]
// <collection> is glossary, tools, agents, features, comparisons, integrations or pages (or a singular: term, tool,
// page...); <slug> is the file name without `.md` (a page's may have folders: docs/webhooks). The title defaults to
// the slug in words. Writes into SKRIBRA_CONTENT_DIR, else content/. Exit 0 written, 1 the file exists (nothing
// is changed), 2 a mistake in the command.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { didYouMean } from '../src/model/catalog/did-you-mean.ts';
import { display } from '../src/model/catalog/read-content.ts';
import { SCAFFOLDS, scaffoldText } from '../src/model/catalog/scaffolds.ts';
import { slug as slugSchema } from '../src/model/schemas/common.ts';

const USAGE = `usage: npm run new -- <collection> <slug> [--title "Title"]\ncollections: ${SCAFFOLDS.map((s) => s.name).join(', ')}`;

/** One line to stderr and the exit code: nothing is written. */
function fail(message: string, code: 1 | 2): never {
  process.stderr.write(`npm run new: ${message}\n`);
  process.exit(code);
}

const OPTIONS = { title: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;
function readArgs() {
  try {
    return parseArgs({ options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    const option = /Unknown option '([^']+)'/.exec((err as Error).message)?.[1];
    if (!option) fail(`${(err as Error).message.split('\n')[0]}\n${USAGE}`, 2);
    const close = didYouMean(option.replace(/^-+/, ''), Object.keys(OPTIONS), (s) => `--${s}`);
    fail(`unknown option ${option}${close ? ` (did you mean ${close}?)` : ''}\n${USAGE}`, 2);
  }
}
const args = readArgs();
if (args.values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const [name, slug, ...extra] = args.positionals;
if (!name || !slug || extra.length)
  fail(`expected a collection and a slug${extra.length ? `, not also "${extra.join(' ')}"` : ''}\n${USAGE}`, 2);

const scaffold = SCAFFOLDS.find((s) => s.name === name || s.aliases.includes(name));
if (!scaffold) {
  const close = didYouMean(
    name,
    SCAFFOLDS.flatMap((s) => [s.name, ...s.aliases]),
  );
  fail(
    `unknown collection "${name}" (${close ? `did you mean ${close}?` : `expected one of ${SCAFFOLDS.map((s) => s.name).join(', ')}`})`,
    2,
  );
}
const segments = scaffold.nested ? slug.split('/') : [slug];
for (const segment of segments) {
  const checked = slugSchema.safeParse(segment);
  if (!checked.success)
    fail(
      `the slug "${slug}" must be lower case letters, digits and single hyphens${scaffold.nested ? ', in folders separated by /' : ''}`,
      2,
    );
}
if (args.values.title !== undefined && /[\r\n]/.test(args.values.title)) fail('the title must be one line', 2);
const title =
  args.values.title?.trim() ||
  segments
    .at(-1)!
    .replace(/^./, (c) => c.toUpperCase())
    .replaceAll('-', ' ');

const contentDir = process.env.SKRIBRA_CONTENT_DIR || 'content';
const file = join(contentDir, scaffold.folder, `${slug}.md`);
const shown = display(file);
if (existsSync(file)) fail(`${shown} already exists: edit it, or choose another slug`, 1);

// A term names an existing category: the first of glossary-categories.yaml.
const categoriesFile = join(contentDir, 'glossary-categories.yaml');
const categories = existsSync(categoriesFile) ? (parse(readFileSync(categoriesFile, 'utf8')) as { slug?: unknown }[] | null) : null;
const category = Array.isArray(categories) && typeof categories[0]?.slug === 'string' ? categories[0].slug : '';
if (scaffold.name === 'glossary' && !category) fail(`a term needs a category, and ${display(categoriesFile)} lists none`, 1);

const text = scaffoldText(scaffold, title, { category, today: new Date().toISOString().slice(0, 10) });
mkdirSync(dirname(file), { recursive: true });
try {
  writeFileSync(file, text, { flag: 'wx' });
} catch (err) {
  if ((err as NodeJS.ErrnoException).code === 'EEXIST') fail(`${shown} already exists: edit it, or choose another slug`, 1);
  throw err;
}
process.stdout.write(`wrote ${shown}: replace every TODO, then npm run check:content (npm run dev shows it at ${scaffold.path(slug)})\n`);
