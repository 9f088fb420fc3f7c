// The recipes in docs/architecture.md (adding a collection, an endpoint, an article field) name the files and tests that do the
// work: each named file must exist and each named export must be there, so the recipe cannot drift from the code.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const readme = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
const start = readme.indexOf('### Adding a collection, an endpoint or an article field');
const end = readme.indexOf('\n## ', start);
const recipes = readme.slice(start, end < 0 ? undefined : end);

describe('the recipes in docs/architecture.md', () => {
  it('are there', () => {
    expect(start).toBeGreaterThan(0);
    for (const what of ['**A collection**', '**An endpoint**', '**An article field**']) expect(recipes).toContain(what);
  });

  it('name only files that exist', () => {
    // Backticked paths with an extension; `{key}`-style placeholders are patterns, not files.
    const paths = [...recipes.matchAll(/`((?:src|tests|content)\/[^`\s]+\.(?:ts|astro|md))`/g)]
      .map((m) => m[1]!)
      .filter((p) => !p.includes('{'));
    expect(paths.length).toBeGreaterThanOrEqual(8);
    expect(paths.filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
  });

  it('name helpers their files export', () => {
    const exportsOf = (file: string) => readFileSync(join(ROOT, file), 'utf8');
    expect(exportsOf('src/model/catalog/collection.ts')).toMatch(/export (const|function) defineCollection\b/);
    expect(exportsOf('src/model/endpoints/endpoint.ts')).toMatch(/export (const|function) defineEndpoint\b/);
    expect(exportsOf('src/model/endpoints/content/content-endpoint.ts')).toMatch(/export (const|function) contentEndpoint\b/);
    expect(exportsOf('src/request/api/content/content-deps.ts')).toMatch(/export (const|function) contentHandler\b/);
    expect(exportsOf('src/request/api/http/answer.ts')).toMatch(/export (const|function) answer\b/);
    expect(exportsOf('src/request/api/http/handlers-of.ts')).toMatch(/export type HandlersOf\b/);
    expect(exportsOf('src/model/endpoints/lazy-object.ts')).toMatch(/export (const|function) lazyObject\b/);
  });
});
