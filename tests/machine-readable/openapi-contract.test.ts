// The OpenAPI document keeps its contract: every path, method, parameter, schema, response and code of version 1.0.0
// as it was served at bb3e2d0 (tests/fixtures/openapi/contract-1.0.0.json, that document with its prose left out:
// description, summary, title, examples) is still there and the same. What was added since is named below, so an
// addition is a decision and a removal or a change fails.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { limitsFrom } from '../../src/request/api/content/limits.ts';
import { readConfig } from '../../src/model/config.ts';
import { openApiDocument } from '../../src/request/machine/openapi/openapi-document.ts';

const PROSE = new Set(['description', 'summary', 'title', 'example', 'examples']);

/** The document without its prose (a property of a schema keeps its name, whatever it is). */
function withoutProse(value: unknown, parent = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutProse(v));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k, v]) => parent === 'properties' || !PROSE.has(k) || (k !== 'examples' && typeof v === 'object'))
      .map(([k, v]) => [k, withoutProse(v, k)]),
  );
}

/** Where `after` differs from `before`: keys it added, and keys it removed or changed (JSON pointers). */
function contractDiff(before: unknown, after: unknown, at = ''): { added: string[]; changed: string[] } {
  const out = { added: [] as string[], changed: [] as string[] };
  // An array is compared item by item, as an object of its indexes (a parameter list, a oneOf).
  const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';
  if (isObject(before) && isObject(after) && Array.isArray(before) === Array.isArray(after)) {
    for (const [k, v] of Object.entries(before)) {
      const key = `${at}/${k.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      if (!(k in after)) out.changed.push(`${key} (removed)`);
      else {
        const inner = contractDiff(v, after[k], key);
        out.added.push(...inner.added);
        out.changed.push(...inner.changed);
      }
    }
    for (const k of Object.keys(after)) if (!(k in before)) out.added.push(`${at}/${k.replaceAll('~', '~0').replaceAll('/', '~1')}`);
  } else if (JSON.stringify(before) !== JSON.stringify(after)) out.changed.push(at);
  return out;
}

/** What version 1.0.0 gained since the fixture, each a backwards-compatible addition. */
const ADDED = [
  '/paths/~1v1~1events', // GET /v1/events, the change stream (issue 48)
  '/components/schemas/OwnArticle/properties/content_html/maxLength', // the bound on an article's HTML (issue 50)
  '/components/schemas/ChangeEvent', // the change stream's events
  '/components/schemas/StreamReady',
];

describe('the OpenAPI document against its 1.0.0 contract', () => {
  const before = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/openapi/contract-1.0.0.json'), 'utf8'));
  const now = withoutProse(openApiDocument('https://skribra.com', limitsFrom(readConfig({}))));
  const { info: _info, ...served } = now as Record<string, unknown>;

  it('keeps every path, parameter, schema, response and code, each the same', () => {
    expect(contractDiff(before, served).changed).toEqual([]);
  });

  it('adds only what is named as added', () => {
    expect(contractDiff(before, served).added.sort()).toEqual([...ADDED].sort());
  });

  it('fails on a removed parameter, a changed code or an unnamed addition (the comparison itself)', () => {
    const edited = structuredClone(served) as any;
    edited.paths['/api/v1/glossary'].get.parameters.pop();
    delete edited.paths['/v1/articles'].get.responses['429'];
    edited.paths['/v1/articles'].get.responses['418'] = {};
    const diff = contractDiff(before, edited);
    expect(diff.changed).toEqual(expect.arrayContaining([expect.stringMatching(/^\/paths\/~1api~1v1~1glossary\/get\/parameters/)]));
    expect(diff.changed).toContain('/paths/~1v1~1articles/get/responses/429 (removed)');
    expect(diff.added).toContain('/paths/~1v1~1articles/get/responses/418');
  });
});
