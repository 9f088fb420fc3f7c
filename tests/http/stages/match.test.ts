import { describe, expect, it } from 'vitest';
import { decodePath } from '../../../src/model/core/decode-path.ts';
import { match } from '../../../src/request/api/http/stages/match.ts';

const at = (pathname: string) => match(decodePath(pathname));

describe('match stage', () => {
  it('finds the endpoint and its raw parameters; a trailing slash does not matter', () => {
    expect(at('/api/v1/glossary/canonical-url/')).toMatchObject({
      to: 'endpoint',
      endpoint: { id: 'getGlossaryTerm' },
      params: { slug: 'canonical-url' },
    });
    expect(at('/v1/articles/a-slug')).toMatchObject({ to: 'endpoint', endpoint: { id: 'getOwnArticle' }, params: { slug: 'a-slug' } });
  });

  it('a segment that names nothing fills a parameter only, never a literal', () => {
    expect(at('/api/v1/glossary/%00')).toMatchObject({ to: 'endpoint', endpoint: { id: 'getGlossaryTerm' }, params: { slug: undefined } });
    expect(at('/api/v1/%00/canonical-url')).toMatchObject({ to: 'api-root', api: 'public', index: false });
  });

  it("an unknown path under an API root is that API's, its bare root the index", () => {
    expect(at('/v1/nothing')).toEqual({ to: 'api-root', api: 'content', path: '/v1/nothing', index: false });
    expect(at('/v1/')).toEqual({ to: 'api-root', api: 'content', path: '/v1', index: true });
  });

  it('anything else is the site, with no path when a segment names nothing', () => {
    expect(at('/glossary/seo/')).toEqual({ to: 'site', path: '/glossary/seo/', segments: ['glossary', 'seo'], trailingSlash: true });
    expect(at('/a/%2F')).toEqual({ to: 'site', path: undefined, segments: [], trailingSlash: false });
  });
});
