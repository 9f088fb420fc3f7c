// A build for another address (the e2e site's SITE_URL, a loopback port) names that address in the docs pages and
// every catalog page's markdown twin, never production's `https://skribra.com` (issue 37): the docs write
// {{site_url}} / {{site_host}} and the content loader fills them (src/model/catalog/site-address.ts). The blog's twins are
// left out: its seeded articles name the site they were seeded for (SKRIBRA_SITE_URL).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it, inject } from 'vitest';

const { siteUrl, distDir } = inject('e2e');
const PRODUCTION = /https?:\/\/(www\.)?skribra\.com(?![\w-]|\.\w)/;

/** Files under `dir` (relative to the build) whose name ends with `ext`, the build's own folders left out. */
const filesOf = (dir: string, ext: string) =>
  readdirSync(join(distDir, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(ext))
    .map((e) => relative(distDir, join(e.parentPath, e.name)))
    .filter((f) => !f.startsWith('_') && !f.startsWith('blog/') && !f.startsWith('pagefind/'));

describe('a build for another site address', () => {
  it('its docs pages name that address, never production', () => {
    const pages = filesOf('docs', '.html');
    expect(pages.length).toBeGreaterThan(5);
    for (const file of pages) {
      const html = readFileSync(join(distDir, file), 'utf8');
      expect(html, file).not.toMatch(PRODUCTION);
      expect(html, file).not.toContain('{{site_');
    }
    // The page's text: its code blocks are highlighted, a token a span.
    const mcp = readFileSync(join(distDir, 'docs/mcp/index.html'), 'utf8').replace(/<[^>]*>/g, '');
    expect(mcp).toContain(`claude mcp add --transport http skribra ${siteUrl}/mcp`);
    expect(mcp).toContain(`Host: ${new URL(siteUrl).host}`);
  });

  it('its markdown twins name that address, never production', () => {
    const twins = filesOf('.', '.md');
    expect(twins.length).toBeGreaterThan(100);
    expect(twins).toContain('docs/webhooks.md');
    for (const file of twins) {
      const md = readFileSync(join(distDir, file), 'utf8');
      expect(md, file).not.toMatch(PRODUCTION);
      expect(md, file).not.toContain('{{site_');
    }
    expect(readFileSync(join(distDir, 'docs/public-api.md'), 'utf8')).toContain(`curl ${siteUrl}/api/v1`);
  });
});
