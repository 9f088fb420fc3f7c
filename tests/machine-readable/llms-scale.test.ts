import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog, type SiteContent } from '../../src/catalog/load-catalog.ts';
import { llmsFiles, llmsTxt } from '../../src/machine/llms-txt.ts';
import { llmsFullTxt } from '../../src/machine/llms-full-txt.ts';
import { writeMachineReadable } from '../../src/integration/write-machine-readable.ts';
import { limitsFrom } from '../../src/api/content/limits.ts';
import { readConfig } from '../../src/config.ts';
import { buildTwins } from '../../src/catalog/build-twins.ts';
import { generateContent } from '../../scripts/generate-content.ts';

const SITE = 'https://example.com';
const LINK_LINE = /^- \[([^\]]+)\]\((https?:\/\/[^)\s]+)\)(: .+)?$/;
const links = (text: string) =>
  text
    .split('\n')
    .map((l) => LINK_LINE.exec(l)?.[2])
    .filter((u): u is string => !!u);

let dir: string;
let out: string;
let content: SiteContent;
beforeAll(() => {
  dir = generateContent(300);
  out = mkdtempSync(join(tmpdir(), 'skribra-llms-scale-'));
  content = loadCatalog(dir, SITE);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
});

describe('llms files at scale', () => {
  it('keeps a long Optional list inline below the limit', () => {
    const files = llmsFiles(content.catalog, [], 100_000);
    expect([...files.keys()]).toEqual(['/llms.txt']);
    expect(files.get('/llms.txt')).toBe(llmsTxt(content.catalog));
  });

  it('moves a list past the limit to a per-section file linked under Optional, grouped by category', () => {
    const files = llmsFiles(content.catalog, [], 100);
    expect([...files.keys()]).toEqual(['/llms.txt', '/llms/glossary.txt']);
    const index = files.get('/llms.txt')!;
    const optional = index.slice(index.indexOf('## Optional'));
    const glossaryPages = content.catalog.pages.filter((p) => p.section === 'Glossary');
    const groups = optional.match(/in (\d+) groups \((.*)\), one/)!;
    expect(optional).toBe(
      `## Optional\n\n- [Glossary: every page](${SITE}/llms/glossary.txt): ${glossaryPages.length} pages in ${groups[1]} groups (${groups[2]}), one link line each, in the llms.txt format\n`,
    );
    expect(groups[2]!.split(', ').sort()).toEqual(['Glossary', ...content.catalog.categories.map((c) => c.label)].sort());
    expect(index.split('\n').length).toBeLessThan(200);
    const section = files.get('/llms/glossary.txt')!;
    expect(section.split('\n')[0]).toBe('# Skribra: Glossary');
    expect(section.split('\n')[2]).toMatch(/^> Every page of the Glossary section of https:\/\/example\.com \(\d+ pages\)/);
    // Every page of the site is linked exactly once across llms.txt and the section file.
    const all = [
      ...links(index).filter(
        (u) =>
          !u.endsWith('/llms/glossary.txt') &&
          !u.endsWith('.json') &&
          !u.endsWith('/llms-full.txt') &&
          !u.endsWith('/api/v1/') &&
          !u.endsWith('api-catalog'),
      ),
      ...links(section).filter((u) => !u.endsWith('/llms.txt')),
    ];
    expect(all.sort()).toEqual(content.catalog.pages.map((p) => p.markdown_url).sort());
    // Grouped: each term sits under the H2 of its category.
    for (const t of content.catalog.terms.slice(0, 50)) {
      const at = section.indexOf(`(${t.markdown_url})`);
      const heading = section
        .slice(0, at)
        .match(/^## (.+)$/gm)!
        .at(-1);
      expect(heading, t.slug).toBe(`## ${content.catalog.categories.find((c) => c.slug === t.category)!.label}`);
    }
  });

  it('streams llms-full.txt to the same bytes as the whole-string version, and writes every twin', async () => {
    await writeMachineReadable(out, content, limitsFrom(readConfig()));
    const twins = buildTwins(content);
    expect(readFileSync(join(out, 'llms-full.txt'), 'utf8')).toBe(llmsFullTxt(content.catalog, twins));
    for (const [path, twin] of [...twins].slice(0, 400)) expect(readFileSync(join(out, path), 'utf8'), path).toBe(twin);
    expect(JSON.parse(readFileSync(join(out, '_skribra/markdown-paths.json'), 'utf8')).sort()).toEqual([...twins.keys(), '/404.md'].sort());
    expect(existsSync(join(out, 'llms/glossary.txt'))).toBe(false);
    expect(readFileSync(join(out, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${SITE}/sitemap.xml\n`);
  });
});
