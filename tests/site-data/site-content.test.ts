// The content the pages render is the content of the settings last provided: a process that serves another build
// (npm start following a new build, an origin over another folder) renders that build's site URL and content, not
// the first one's (two origins one after the other in one test worker rendered the second build with the first's
// canonical URLs).
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readConfig } from '../../src/model/config.ts';
import { siteContent } from '../../src/site/data/site-content.ts';
import { provideSiteSettings, siteSettingsOf } from '../../src/site/data/site-settings.ts';

const ROOT = resolve(import.meta.dirname, '../..');
// The slots are the process's (globalThis): put back as they were for the files this worker runs next.
const slots = globalThis as unknown as Record<symbol, unknown>;
const saved = [Symbol.for('skribra.siteSettings'), Symbol.for('skribra.siteContent')].map((k) => [k, slots[k]] as const);
afterAll(() => {
  for (const [k, v] of saved) slots[k] = v;
});
const settingsFor = (site: string, dir: string) => siteSettingsOf(readConfig({ SITE_URL: site, SKRIBRA_CONTENT_DIR: dir }));

it('loads the content again for other settings, and once for the same', () => {
  const minimal = join(ROOT, 'tests/fixtures/content-minimal');
  const first = settingsFor('http://first.test', minimal);
  provideSiteSettings(first);
  const a = siteContent();
  expect(a.catalog.site_url).toBe('http://first.test');
  expect(siteContent()).toBe(a);

  provideSiteSettings(settingsFor('http://second.test', join(ROOT, 'content')));
  const b = siteContent();
  expect(b.catalog.site_url).toBe('http://second.test');
  expect(b.catalog.pages.length).toBeGreaterThan(a.catalog.pages.length);

  provideSiteSettings(first);
  expect(siteContent().catalog.site_url).toBe('http://first.test');
});
