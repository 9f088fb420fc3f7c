import { describe, expect, it } from 'vitest';
import { validate } from '../../../src/request/api/http/stages/validate.ts';
import { endpoint } from './endpoint.ts';

const url = (s: string) => new URL(`http://x${s}`);

describe('validate stage', () => {
  it('passes parameters and a query that fit their schemas, with defaults applied', () => {
    const v = validate(endpoint('getOwnArticle'), { slug: 'a-slug' }, url('/v1/articles/a-slug?projectId=p1'));
    expect(v).toMatchObject({ params: { slug: 'a-slug' }, query: { projectId: 'p1' }, problem: undefined });
    expect(validate(endpoint('listPages'), {}, url('/api/v1/pages')).query).toMatchObject({ page: 1, limit: 50 });
  });

  it('holds back a bad query as a 400 and still gives auth the parameters', () => {
    const v = validate(endpoint('getOwnArticle'), { slug: 'a-slug' }, url('/v1/articles/a-slug'));
    expect(v.params).toEqual({ slug: 'a-slug' });
    expect(v.query).toBeUndefined();
    expect(v.problem).toMatchObject({ status: 400, code: 'invalid_query' });
  });

  it("a parameter that names nothing is a 404, after the query's 400", () => {
    const v = validate(endpoint('getGlossaryTerm'), { slug: undefined as unknown as string }, url('/api/v1/glossary/%00'));
    expect(v.params).toBeUndefined();
    expect(v.problem).toMatchObject({ status: 404, code: 'not_found', message: 'No glossary at /api/v1/glossary/%00 found.' });
    const both = validate(endpoint('getOwnArticle'), { slug: '' }, url('/v1/articles/x?page=0'));
    expect(both.problem).toMatchObject({ status: 400 });
  });
});
