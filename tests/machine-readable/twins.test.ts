import { beforeAll, describe, expect, it } from 'vitest';
import { siteOrigin } from './site-origin.ts';

let site: Awaited<ReturnType<typeof siteOrigin>>;
beforeAll(async () => {
  site = await siteOrigin();
});

/** Every page the public API lists, read through the API itself, page by page. */
async function allPages() {
  const pages: { path: string; title: string; url: string; markdown_url: string; kind: string }[] = [];
  for (let page = 1; ; page++) {
    const r = await site.get(`/api/v1/pages?page=${page}&limit=200`);
    expect(r.status).toBe(200);
    const { data } = JSON.parse(r.text);
    pages.push(...data.items);
    if (!data.pagination.has_more) return pages;
  }
}

describe('markdown twins', () => {
  it('every page in /api/v1/pages has a twin that answers 200 with its title as the H1', async () => {
    const pages = await allPages();
    expect(pages.length).toBe(site.catalog.pages.length);
    for (const p of pages) {
      const r = await site.get(p.markdown_url);
      expect(r.status, p.markdown_url).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(r.headers.get('vary')).toBe('Accept');
      expect(r.text.split('\n')[0], p.markdown_url).toBe(`# ${p.title}`);
    }
  });

  it('the same twin answers the page URL when markdown is asked for', async () => {
    for (const p of (await allPages()).filter((_, i) => i % 7 === 0)) {
      const [twin, negotiated] = await Promise.all([site.get(p.markdown_url), site.get(p.url, { accept: 'text/markdown' })]);
      expect(negotiated.status, p.url).toBe(200);
      expect(negotiated.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(negotiated.text).toBe(twin.text);
    }
  });

  it('links in twins are absolute', async () => {
    for (const p of site.catalog.pages) {
      const { text } = await site.get(p.markdown_url);
      expect(text, p.markdown_url).not.toMatch(/\]\((?!https?:\/\/|mailto:)[^)]*\)/);
    }
  });

  it("carries the structured fields: a term's key points and sources, a comparison matrix as a table, pricing as a table", async () => {
    const term = site.catalog.terms[0]!;
    const t = (await site.get(term.markdown_url)).text;
    expect(t).toContain(term.definition);
    for (const k of term.key_points ?? []) expect(t).toContain(`- ${k}`);
    for (const s of term.sources ?? []) expect(t).toContain(`(${s.url})`);
    for (const s of term.sections ?? []) expect(t).toContain(`## ${s.heading}`);
    const cmp = site.catalog.comparisons[0]!;
    const c = (await site.get(cmp.markdown_url)).text;
    expect(c).toContain(`| Feature | Skribra | ${cmp.competitor} |`);
    expect(c.match(/^\| /gm)!.length).toBe(cmp.feature_matrix!.length + 2);
    const pricing = (await site.get('/pricing.md')).text;
    for (const plan of site.catalog.pricing.plans)
      expect(pricing).toMatch(new RegExp(`^\\| ${plan.name}.*\\| \\$${plan.monthly_usd} \\|`, 'm'));
    const tool = site.catalog.tools.find((x) => x.faqs?.length)!;
    expect((await site.get(tool.markdown_url)).text).toContain(`### ${tool.faqs![0]!.question}`);
  });

  it('the home page twin is /index.md', async () => {
    const r = await site.get('/index.md');
    expect(r.status).toBe(200);
    expect(r.text.split('\n')[0]).toBe(`# ${site.catalog.pages.find((p) => p.path === '/')!.title}`);
  });
});
