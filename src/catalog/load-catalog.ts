import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { AgentInput } from '../schemas/agent.ts';
import { ComparisonInput } from '../schemas/comparison.ts';
import { FeatureInput } from '../schemas/feature.ts';
import { GlossaryCategoryInput, GlossaryTermInput } from '../schemas/glossary.ts';
import { SitePageInput, type Page } from '../schemas/page.ts';
import { Pricing } from '../schemas/pricing.ts';
import { ToolInput } from '../schemas/tool.ts';
import { slug as slugSchema } from '../schemas/common.ts';
import { pageLinks, paths, normaliseSite } from '../core/urls.ts';
import { resolveReferences, type ReferenceTarget } from '../markdown/resolve-references.ts';
import { splitSections } from '../markdown/split-sections.ts';
import { CATALOG_FORMAT, type Catalog } from '../api/public/catalog.ts';
import { ContentError, validate } from './content-error.ts';
import { readMarkdownDir, readYamlFile, type ContentFile } from './read-content.ts';

/** The catalog plus what only the site needs: page bodies (markdown, references resolved) by page path. */
export interface SiteContent { catalog: Catalog; bodies: Map<string, string> }

const slugOf = (f: ContentFile) => validate(slugSchema, f.name.split('/').pop(), `${f.file} (file name)`);

/** Reads, validates and serialises everything in the content folder. Throws ContentError on the first bad file. */
export function loadCatalog(contentDir: string, siteUrl: string, buildId = 'dev'): SiteContent {
  const site = normaliseSite(siteUrl);
  const bodies = new Map<string, string>();
  const pages: Page[] = [];
  const page = (path: string, kind: Page['kind'], title: string, description: string, extra: Partial<Page> = {}) =>
    pages.push({ path, title, description, kind, ...extra, ...pageLinks(site, path) });

  const catFile = readYamlFile(join(contentDir, 'glossary-categories.yaml'));
  const categoryInputs = validate(GlossaryCategoryInput.array().min(1), catFile.data, catFile.file);
  const termFiles = readMarkdownDir(join(contentDir, 'glossary'));
  const targets = new Map<string, ReferenceTarget>(termFiles.map((f) => [f.name, { title: String(f.data.title ?? f.name), url: `${site}${paths.term(f.name)}` }]));
  const resolve = (md: string, file: string) => resolveReferences(md, targets, site, file);

  const terms = termFiles.map((f) => {
    const slug = slugOf(f);
    const input = validate(GlossaryTermInput, f.data, f.file);
    if (!categoryInputs.some((c) => c.slug === input.category)) throw new ContentError(f.file, `field "category": unknown category "${input.category}"`);
    for (const r of input.related_terms) if (!targets.has(r)) throw new ContentError(f.file, `field "related_terms": unknown term "${r}"`);
    const { intro, sections } = splitSections(resolve(f.body, f.file));
    if (intro) throw new ContentError(f.file, 'body: text before the first "## " section heading');
    if (sections.length < 2 || sections.length > 4) throw new ContentError(f.file, `body: needs 2 to 4 "## " sections, found ${sections.length}`);
    return { slug, title: input.title, definition: input.definition, tldr: input.tldr, category: input.category, key_points: input.key_points, sections, related_terms: input.related_terms, sources: input.sources, updated: input.updated, ...pageLinks(site, paths.term(slug)) };
  }).sort((a, b) => a.title.localeCompare(b.title, 'en'));

  const categories = categoryInputs.map((c) => ({ ...c, term_count: terms.filter((t) => t.category === c.slug).length, url: `${site}${paths.category(c.slug)}` }));

  const tools = readMarkdownDir(join(contentDir, 'tools')).map((f) => {
    const slug = slugOf(f);
    const input = validate(ToolInput, f.data, f.file);
    bodies.set(paths.tool(slug), resolve(f.body, f.file));
    return { slug, title: input.title, description: input.description, popular: input.popular, runs_on: input.runs_on, faqs: input.faqs, ...pageLinks(site, paths.tool(slug)) };
  });
  const agents = readMarkdownDir(join(contentDir, 'agents')).map((f) => {
    const slug = slugOf(f);
    const input = validate(AgentInput, f.data, f.file);
    bodies.set(paths.agent(slug), resolve(f.body, f.file));
    return { slug, ...input, ...pageLinks(site, paths.agent(slug)) };
  });
  const features = readMarkdownDir(join(contentDir, 'features')).map((f) => {
    const slug = slugOf(f);
    const { category, ...input } = validate(FeatureInput, f.data, f.file);
    return { slug, category, ...input, ...pageLinks(site, paths.feature(slug)) };
  });
  const comparisons = readMarkdownDir(join(contentDir, 'comparisons')).map((f) => {
    const slug = slugOf(f);
    const { competitor, title, description, ...rest } = validate(ComparisonInput, f.data, f.file);
    return { slug, competitor, title, description, ...pageLinks(site, paths.comparison(slug)), ...rest };
  });
  for (const f of features) {
    for (const r of f.related_features ?? []) if (!features.some((x) => x.slug === r)) throw new ContentError(`content/features/${f.slug}.md`, `field "related_features": unknown feature "${r}"`);
    for (const r of f.related_agents ?? []) if (!agents.some((x) => x.slug === r)) throw new ContentError(`content/features/${f.slug}.md`, `field "related_agents": unknown agent "${r}"`);
  }
  const pricingFile = readYamlFile(join(contentDir, 'pricing.yaml'));
  const pricing = validate(Pricing, pricingFile.data, pricingFile.file);

  for (const f of readMarkdownDir(join(contentDir, 'pages'))) {
    const input = validate(SitePageInput, f.data, f.file);
    const path = f.name === 'index' ? '/' : `/${f.name.replace(/\/index$/, '')}/`;
    bodies.set(path, resolve(f.body, f.file));
    page(path, input.kind, input.title, input.description, { section: input.section, updated: input.updated });
  }
  for (const c of categories) page(paths.category(c.slug), 'glossary-category', `${c.label} glossary`, c.description, { section: 'Glossary' });
  for (const t of terms) page(paths.term(t.slug), 'glossary', t.title, t.definition, { section: 'Glossary', updated: t.updated });
  for (const t of tools) page(paths.tool(t.slug), 'tool', t.title, t.description, { section: 'Tools' });
  for (const a of agents) page(paths.agent(a.slug), 'agent', a.name, a.tagline, { section: 'Agents' });
  for (const f of features) page(paths.feature(f.slug), 'feature', f.title, f.tagline, { section: 'Features' });
  for (const c of comparisons) page(paths.comparison(c.slug), 'comparison', c.title, c.description, { section: 'Comparisons' });

  const catalog: Catalog = { format: CATALOG_FORMAT, build_id: buildId, site_url: site, pages, categories, terms, tools, agents, features, comparisons, pricing };
  return { catalog, bodies };
}

/** A build id that changes whenever the catalog's content does. */
export const contentHash = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);
