// The docs and their markdown twins name the configured site address, never production's: content writes
// {{site_url}} / {{site_host}} (src/model/catalog/site-address.ts), the loader fills them, and a literal address in a body is
// a content problem that check:content reports at its line.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTwins } from '../../src/model/catalog/build-twins.ts';
import { ContentError } from '../../src/model/catalog/content-error.ts';
import { loadCatalog } from '../../src/model/catalog/load-catalog.ts';
import { fillSiteAddress, siteAddressProblems } from '../../src/model/catalog/site-address.ts';

const CONTENT = resolve(import.meta.dirname, '../../content');
const PREVIEW = 'https://preview-42.skribra.test:8443';
const PRODUCTION = /https?:\/\/(www\.)?skribra\.com(?![\w-]|\.\w)/;

describe('site address placeholders', () => {
  it('fills {{site_url}} without a trailing slash and {{site_host}} with its port', () => {
    expect(fillSiteAddress('GET {{site_url}}/mcp\nHost: {{site_host}}', `${PREVIEW}/`)).toBe(
      `GET ${PREVIEW}/mcp\nHost: preview-42.skribra.test:8443`,
    );
    expect(fillSiteAddress('{{other}} {{site_url }}', 'https://a.example')).toBe('{{other}} https://a.example');
  });

  it('finds a literal production address and an unknown placeholder, not the host as a name or an email', () => {
    const body =
      'See https://skribra.com/mcp, www: http://www.skribra.com.\nOn skribra.com, hello@skribra.com, https://cdn.skribra.com/x {{site_adress}}';
    expect(siteAddressProblems(body)).toEqual([
      { offset: 4, message: 'hard-coded site address https://skribra.com (write {{site_url}}: the configured SITE_URL fills it)' },
      { offset: 34, message: 'hard-coded site address http://www.skribra.com (write {{site_url}}: the configured SITE_URL fills it)' },
      { offset: 119, message: 'unknown placeholder {{site_adress}} (expected {{site_url}} or {{site_host}})' },
    ]);
  });
});

describe('the docs and twins of a build for another address', () => {
  const content = loadCatalog(CONTENT, PREVIEW);
  const twins = buildTwins(content);
  const docs = content.catalog.pages.filter((p) => p.kind === 'doc');

  it('name that address wherever they named production', () => {
    expect(docs.length).toBeGreaterThan(5);
    for (const page of docs) {
      const body = content.bodies.get(page.path) ?? '';
      expect(body, page.path).not.toMatch(PRODUCTION);
      expect(body, page.path).not.toContain('{{');
    }
    const mcp = content.bodies.get('/docs/mcp/')!;
    expect(mcp).toContain(`claude mcp add --transport http skribra ${PREVIEW}/mcp`);
    expect(mcp).toContain('Host: preview-42.skribra.test:8443');
    expect(content.bodies.get('/docs/')).toContain(`\`${PREVIEW}/api/v1\``);
  });

  it('in every twin, docs and the rest: no production address, no placeholder left', () => {
    expect(twins.size).toBe(content.catalog.pages.length);
    for (const [path, twin] of twins) {
      expect(twin, path).not.toMatch(PRODUCTION);
      expect(twin, path).not.toMatch(/\{\{\s*site_/);
    }
    expect(twins.get('/docs/mcp.md')).toContain(`"url": "${PREVIEW}/mcp"`);
  });
});

describe('check:content refuses a hard-coded address', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skribra-h4-address-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('with its file, line and column', () => {
    cpSync(CONTENT, dir, { recursive: true });
    const file = join(dir, 'pages/docs/mcp.md');
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    const line = lines.findIndex((l) => l.includes('claude mcp add --transport http skribra {{site_url}}/mcp'));
    expect(line).toBeGreaterThan(0);
    writeFileSync(file, text.replace('skribra {{site_url}}/mcp', 'skribra https://skribra.com/mcp'));
    let error: unknown;
    try {
      loadCatalog(dir, PREVIEW);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ContentError);
    const column = lines[line]!.indexOf('{{site_url}}') + 1;
    expect((error as Error).message).toContain(
      `pages/docs/mcp.md:${line + 1}:${column}: body: hard-coded site address https://skribra.com (write {{site_url}}: the configured SITE_URL fills it)`,
    );
  });
});
