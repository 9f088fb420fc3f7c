import { describe, expect, it } from 'vitest';
import { staticAnswer, type StaticAnswer } from '../../../src/request/api/http/stages/static-answer.ts';
import { endpoint } from './endpoint.ts';

const files: string[] = [];
const serve: StaticAnswer = (_req, file, headers) => {
  files.push(file);
  return new Response(file, { headers });
};
const ask = (id: string, params: Record<string, string>, path: string, method = 'GET') =>
  staticAnswer(
    new Request(`http://x${path}`, { method }),
    new URL(`http://x${path}`),
    { endpoint: endpoint(id), params },
    { 'x-h': '1' },
    serve,
  );

describe('static answer stage', () => {
  it('serves a query-less read of an endpoint the build wrote from its file, with the given headers', async () => {
    const res = ask('getGlossaryTerm', { slug: 'seo' }, '/api/v1/glossary/seo')!;
    expect(await res.text()).toBe('/api/v1/glossary/seo.json');
    expect(res.headers.get('x-h')).toBe('1');
    expect(ask('getPricing', {}, '/api/v1/pricing', 'HEAD')).toBeDefined();
  });

  it('leaves to the handler a query string, another method, a bad parameter and an endpoint with no file', () => {
    files.length = 0;
    expect(ask('getGlossaryTerm', { slug: 'seo' }, '/api/v1/glossary/seo?full=1')).toBeUndefined();
    expect(ask('getGlossaryTerm', { slug: 'seo' }, '/api/v1/glossary/seo', 'POST')).toBeUndefined();
    expect(ask('getGlossaryTerm', { slug: 'Not A Slug' }, '/api/v1/glossary/Not%20A%20Slug')).toBeUndefined();
    expect(ask('searchPages', {}, '/api/v1/search')).toBeUndefined();
    expect(files).toEqual([]);
  });
});
