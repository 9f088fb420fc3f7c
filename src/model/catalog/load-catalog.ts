import { existsSync } from 'node:fs';
import { join, relative, resolve as resolvePath } from 'node:path';
import { createHash } from 'node:crypto';
import type * as z from 'astro/zod';
import { GlossaryCategoryInput, GlossaryTermInput, type GlossaryTerm } from '../schemas/glossary.ts';
import { SitePageInput, type Page } from '../schemas/page.ts';
import type { ContentProblem } from './content-error.ts';
import { Pricing } from '../schemas/pricing.ts';
import { CONTENT_SIGNALS_FILE, ContentSignals, DEFAULT_CONTENT_SIGNALS } from '../schemas/content-signals.ts';
import { isoDate, slug as slugSchema } from '../schemas/common.ts';
import { pageLinks, paths, normaliseSite } from '../core/urls.ts';
import { describeIssue } from '../core/describe-issue.ts';
import { jsonPieces } from '../core/json-pieces.ts';
import { resolveReferences, type ReferenceTarget } from '../markdown/resolve-references.ts';
import { splitSections } from '../markdown/split-sections.ts';
import { fillSiteAddress, siteAddressProblems } from './site-address.ts';
import { CATALOG_FORMAT, type Catalog } from './catalog.ts';
import { COLLECTIONS, type CollectionLists } from './collections.ts';
import type { Collection } from './collection.ts';
import { didYouMean } from './did-you-mean.ts';
import { Problems } from './problems.ts';
import { readMarkdownDir, readYamlFile, type ContentFile } from './read-content.ts';

/**
 * The catalog plus what only the site needs: page bodies (markdown, references resolved) by page path, and the
 * Content Signals robots.txt and markdown answers state.
 */
export interface SiteContent {
  catalog: Catalog;
  bodies: Map<string, string>;
  signals: ContentSignals;
  /**
   * With `isolate` (npm run dev) only: the problems of each entry left out, by the path of the page it would have
   * been (`/glossary/seo/`), so that page shows them and every other page renders.
   */
  broken?: Map<string, ContentProblem[]>;
}

export interface LoadOptions {
  /**
   * Leave out the entries (terms, collection entries, site pages) whose file has a problem instead of throwing, and
   * list them in `broken`; a problem in a file every page depends on (the YAML files) still throws. For `npm run dev`:
   * a build and check:content refuse the whole folder.
   */
  isolate?: boolean;
  /** Now, for the `updated` check (a date in the future, beyond a day of clock skew, is a problem). */
  now?: Date;
}

const DAY_MS = 86_400_000;

/** A site page's path from its file's name in pages/: `docs/index` is `/docs/`, `index` is `/`. */
const sitePagePath = (name: string) => (name === 'index' ? '/' : `/${name.replace(/\/index$/, '')}/`);

/**
 * The page a content file makes (`content/glossary/seo.md` is `/glossary/seo/`), from its path as a problem names it
 * (relative to the working directory, or absolute); undefined for a file every page may read (the YAML files).
 */
export function pageOfFile(contentDir: string, file: string): string | undefined {
  const rel = relative(resolvePath(contentDir), resolvePath(file)).replaceAll('\\', '/');
  const m = /^([^/]+)\/(.+)\.md$/.exec(rel);
  if (!m) return undefined;
  const [, folder, name] = m as unknown as [string, string, string];
  if (folder === 'glossary') return paths.term(name);
  if (folder === 'pages') return sitePagePath(name);
  const c = COLLECTIONS.find((col) => col.folder === folder);
  return c ? `${c.route}${name}/` : undefined;
}
/** Titles that are the same to a reader (and a search engine): case and spaces aside. */
const titleKey = (title: string) => title.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

const defined = <T>(x: T | undefined): x is T => x !== undefined;

/**
 * Reads, validates and serialises everything in the content folder. Every file is checked even after a bad one;
 * when any is bad it throws one ContentError listing every problem with its file, line and column.
 */
export function loadCatalog(contentDir: string, siteUrl: string, buildId = 'dev', options: LoadOptions = {}): SiteContent {
  const site = normaliseSite(siteUrl);
  const problems = new Problems();
  const now = options.now ?? new Date();
  const today = now.toISOString().slice(0, 10);
  const latest = new Date(now.getTime() + DAY_MS).toISOString().slice(0, 10);
  /** An `updated` date after tomorrow (a day of clock skew allowed, for editors east of UTC) is a mistake. */
  const notInFuture = (f: ContentFile) => {
    const updated = f.data.updated;
    // Only a real date: the schema reports one that is not (2026-13-45).
    if (typeof updated === 'string' && updated > latest && isoDate.safeParse(updated).success)
      problems.at(f, ['updated'], `is in the future (expected ${today} or earlier)`);
  };
  /**
   * A free-text grouping field (a feature's `category`) spelt two ways, case, spaces and hyphens aside, makes two
   * groups: the files with a spelling other than the most used one (the first file's, on a tie) are the problem.
   */
  const oneSpelling = (files: readonly ContentFile[], field: string) => {
    const groups = new Map<string, Map<string, ContentFile[]>>();
    for (const f of files) {
      const value = f.data[field];
      if (typeof value !== 'string' || !value.trim()) continue;
      const key = value.toLowerCase().replace(/[\s_-]+/g, '');
      const spellings = groups.get(key) ?? groups.set(key, new Map()).get(key)!;
      spellings.set(value, [...(spellings.get(value) ?? []), f]);
    }
    for (const spellings of groups.values()) {
      if (spellings.size < 2) continue;
      const [main, inMain] = [...spellings].reduce((a, b) => (b[1].length > a[1].length ? b : a));
      for (const [value, those] of spellings)
        if (value !== main)
          for (const f of those)
            problems.at(
              f,
              [field],
              `"${value}" is "${main}" in ${inMain.length} other file${inMain.length === 1 ? '' : 's'} (did you mean "${main}"?)`,
            );
    }
  };
  /** The file's raw `title`, for the same-title check even when another field is wrong. */
  const rawTitle = (f: ContentFile) =>
    typeof f.data.title === 'string' && f.data.title.trim() ? [{ f, title: f.data.title, field: 'title' }] : [];
  /** Two entries of one collection with the same title (case and spaces aside): the later files are the problem. */
  const sameTitles = (entries: readonly { f: ContentFile; title: string; field: string }[], where: string) => {
    const first = new Map<string, ContentFile>();
    for (const { f, title, field } of entries) {
      const key = titleKey(title);
      const earlier = first.get(key);
      if (earlier)
        problems.at(f, [field], `"${title}" is also the title of ${earlier.file} (titles in ${where} must differ, case and spaces aside)`);
      else first.set(key, f);
    }
  };
  const bodies = new Map<string, string>();
  const pages: Page[] = [];
  const page = (path: string, kind: Page['kind'], title: string, description: string, extra: Partial<Page> = {}) =>
    pages.push({ path, title, description, kind, ...extra, ...pageLinks(site, path) });

  /** The file name is the slug. */
  const slugOf = (f: ContentFile): string | undefined => {
    const name = f.name.split('/').pop()!;
    const r = slugSchema.safeParse(name);
    if (r.success) return r.data;
    problems.add({
      file: f.file,
      line: 1,
      column: 1,
      field: 'file name',
      message: `"${name}" ${describeIssue(r.error.issues[0]!).reason}`,
    });
    return undefined;
  };
  /** Reports a value that names something that does not exist, with the closest existing name. */
  const unknownName = (f: ContentFile, path: (string | number)[], kind: string, name: string, known: Iterable<string>) => {
    const close = didYouMean(name, known);
    problems.at(f, path, `unknown ${kind} "${name}"${close ? ` (did you mean ${close}?)` : ''}`);
  };

  // Glossary categories: each item on its own, so one bad category does not hide the others' terms.
  const catFile = readYamlFile(join(contentDir, 'glossary-categories.yaml'), problems);
  const categoryInputs = (() => {
    if (!catFile) return [];
    if (!Array.isArray(catFile.data) || catFile.data.length === 0) {
      problems.at(catFile, [], 'must be a list of categories, each with slug, label and description');
      return [];
    }
    const items = catFile.data.map((c, i) => problems.validate(GlossaryCategoryInput, c, catFile, [i]));
    const seen = new Set<string>();
    items.forEach((c, i) => {
      if (c && seen.has(c.slug)) problems.at(catFile, [i, 'slug'], `"${c.slug}" is listed twice`);
      if (c) seen.add(c.slug);
    });
    return items.filter(defined);
  })();
  const categorySlugs = new Set(categoryInputs.map((c) => c.slug));

  const termFiles = readMarkdownDir(join(contentDir, 'glossary'), problems);
  const targets = new Map<string, ReferenceTarget>(
    termFiles.map((f) => [f.name, { title: String(f.data.title ?? f.name), url: `${site}${paths.term(f.name)}` }]),
  );
  // A body's references become links, and its {{site_url}} / {{site_host}} this site's address (site-address.ts).
  const resolve = (f: ContentFile) => {
    for (const p of siteAddressProblems(f.body)) problems.atOffset(f, f.bodyOffset + p.offset, 'body', p.message);
    return fillSiteAddress(resolveBody(f), site);
  };
  const resolveBody = (f: ContentFile) =>
    resolveReferences(f.body, targets, site, (offset, problem) => {
      if ('malformed' in problem) return problems.atOffset(f, f.bodyOffset + offset, 'body', problem.malformed);
      const slug = problem.unknown;
      const close = didYouMean(slug, targets.keys(), (s) => `[[${s}]]`);
      problems.atOffset(
        f,
        f.bodyOffset + offset,
        'body',
        `unknown glossary reference [[${slug}]]${close ? ` (did you mean ${close}?)` : ' (no such term in glossary/)'}`,
      );
    });

  const termSlugs = [...targets.keys()];
  const termTitles: { f: ContentFile; title: string; field: string }[] = [];
  let terms = termFiles
    .map((f): GlossaryTerm | undefined => {
      const slug = slugOf(f);
      const input = problems.validate(GlossaryTermInput, f.data, f, [], { category: categorySlugs, 'related_terms.*': termSlugs });
      notInFuture(f);
      termTitles.push(...rawTitle(f));
      // Cross-checks read the raw values, so a term with another bad field still gets them.
      const category = f.data.category;
      if (typeof category === 'string' && slugSchema.safeParse(category).success && catFile && !categorySlugs.has(category))
        unknownName(f, ['category'], 'category', category, categorySlugs);
      const related = f.data.related_terms;
      if (Array.isArray(related))
        related.forEach((r, i) => {
          if (typeof r === 'string' && slugSchema.safeParse(r).success && !targets.has(r))
            unknownName(f, ['related_terms', i], 'term', r, targets.keys());
        });
      const { intro, sections } = splitSections(resolve(f));
      if (intro)
        problems.atOffset(f, f.bodyOffset, 'body', 'has text before the first "## " section heading (expected only "## " sections)');
      else if (sections.length < 2 || sections.length > 4)
        problems.atOffset(
          f,
          f.bodyOffset,
          'body',
          `has ${sections.length} "## " section${sections.length === 1 ? '' : 's'} (expected 2 to 4)`,
        );
      if (!slug || !input) return undefined;
      return {
        slug,
        title: input.title,
        definition: input.definition,
        tldr: input.tldr,
        category: input.category,
        key_points: input.key_points,
        sections,
        related_terms: input.related_terms,
        sources: input.sources,
        updated: input.updated,
        ...pageLinks(site, paths.term(slug)),
      };
    })
    .filter(defined)
    .sort((a, b) => a.title.localeCompare(b.title, 'en'));
  sameTitles(termTitles, 'glossary/');

  // Every declared collection (collections.ts): a folder of `{slug}.md`, each file validated and serialised.
  let loaded = COLLECTIONS.map((c) => {
    const files = readMarkdownDir(join(contentDir, c.folder), problems);
    const titles: { f: ContentFile; title: string; field: string }[] = [];
    const items = files
      .map((f) => {
        const slug = slugOf(f);
        const input = problems.validate(c.input, f.data, f);
        notInFuture(f);
        const body = c.body ? resolve(f) : undefined;
        if (!slug || !input) return undefined;
        const links = pageLinks(site, `${c.route}${slug}/`);
        if (body !== undefined) bodies.set(`${c.route}${slug}/`, body);
        const item = c.serialise(slug, input as never, links);
        // The page's title is a field of the entry (`title`, an agent's `name`): the problem goes on that field.
        const { title } = (c as Collection).page(item);
        titles.push({ f, title, field: Object.keys(f.data).find((k) => f.data[k] === title) ?? 'title' });
        return item;
      })
      .filter(defined);
    sameTitles(titles, `${c.folder}/`);
    oneSpelling(files, 'category');
    return { c: c as Collection, files, items };
  });
  const slugsOf = new Map(loaded.map(({ c, files }) => [c.key, new Set(files.map((f) => f.name))]));
  for (const { c, files } of loaded) {
    for (const f of files) {
      for (const ref of c.references ?? []) {
        const list = f.data[ref.field];
        const known = slugsOf.get(ref.collection)!;
        if (Array.isArray(list))
          list.forEach((r, i) => {
            if (typeof r === 'string' && slugSchema.safeParse(r).success && !known.has(r))
              unknownName(f, [ref.field, i], ref.noun, r, known);
          });
      }
    }
  }
  const pricingFile = readYamlFile(join(contentDir, 'pricing.yaml'), problems);
  const pricing = pricingFile ? problems.validate(Pricing, pricingFile.data, pricingFile) : undefined;
  // Optional: without the file the site states the defaults.
  const signalsPath = join(contentDir, CONTENT_SIGNALS_FILE);
  const signalsFile = existsSync(signalsPath) ? readYamlFile(signalsPath, problems) : undefined;
  const signals = signalsFile ? problems.validate(ContentSignals, signalsFile.data, signalsFile) : DEFAULT_CONTENT_SIGNALS;

  const sitePages: { path: string; input: z.output<typeof SitePageInput> }[] = [];
  const pageTitles: { f: ContentFile; title: string; field: string }[] = [];
  for (const f of readMarkdownDir(join(contentDir, 'pages'), problems)) {
    const path = sitePagePath(f.name);
    const input = problems.validate(SitePageInput, f.data, f);
    notInFuture(f);
    pageTitles.push(...rawTitle(f));
    const body = resolve(f);
    if (!input) continue;
    bodies.set(path, body);
    sitePages.push({ path, input });
  }
  sameTitles(pageTitles, 'pages/');

  let broken: Map<string, ContentProblem[]> | undefined;
  if (options.isolate && problems.list.length && problems.list.every((p) => pageOfFile(contentDir, p.file))) {
    broken = new Map();
    for (const p of problems.sorted()) {
      const path = pageOfFile(contentDir, p.file)!;
      broken.set(path, [...(broken.get(path) ?? []), p]);
      bodies.delete(path);
    }
    const works = (path: string) => !broken!.has(path);
    terms = terms.filter((t) => works(paths.term(t.slug)));
    loaded = loaded.map((l) => ({ ...l, items: l.items.filter((item) => works(`${l.c.route}${item.slug}/`)) }));
    sitePages.splice(0, sitePages.length, ...sitePages.filter((p) => works(p.path)));
  } else problems.throwIfAny();

  for (const { path, input } of sitePages)
    page(path, input.kind, input.title, input.description, { section: input.section, updated: input.updated });
  const categories = categoryInputs.map((c) => ({
    ...c,
    term_count: terms.filter((t) => t.category === c.slug).length,
    url: `${site}${paths.category(c.slug)}`,
  }));

  for (const c of categories)
    page(paths.category(c.slug), 'glossary-category', `${c.label} glossary`, c.description, { section: 'Glossary' });
  for (const t of terms) page(paths.term(t.slug), 'glossary', t.title, t.definition, { section: 'Glossary', updated: t.updated });
  for (const { c, items } of loaded) {
    for (const item of items) {
      const { title, description } = c.page(item as never);
      page(`${c.route}${item.slug}/`, c.kind, title, description, { section: c.section });
    }
  }

  const lists = Object.fromEntries(loaded.map(({ c, items }) => [c.key, items])) as CollectionLists;
  const catalog: Catalog = {
    format: CATALOG_FORMAT,
    build_id: buildId,
    site_url: site,
    pages,
    categories,
    terms,
    ...lists,
    pricing: pricing!,
  };
  return broken ? { catalog, bodies, signals: signals!, broken } : { catalog, bodies, signals: signals! };
}

/**
 * A build id that changes whenever the catalog's content does: the SHA-256 of its JSON text, fed to the hash in
 * pieces (jsonPieces). The same digest as hashing the whole text, without making that text: with 100,000 terms the
 * whole text took 6.8-7.2 s to make and hash, the pieces 0.63-0.69 s.
 */
export function contentHash(catalog: Catalog): string {
  const hash = createHash('sha256');
  for (const piece of jsonPieces(catalog as unknown as Record<string, unknown>)) hash.update(piece);
  return hash.digest('hex').slice(0, 16);
}
