// Issue 37: no validation message names a bound the OpenAPI document does not declare for that parameter. Every
// query parameter of every documented endpoint gets bad values; every number a message gives as a bound (after
// "from", "to", "at most", "at least") must be one of the parameter's declared minimum, maximum, minLength or
// maxLength.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/request/api/http/api-error.ts';
import { parseQuery } from '../../src/request/api/http/parse-query.ts';
import { endpoints } from '../../src/model/endpoints/registry.ts';
import { limitsFrom } from '../../src/request/api/content/limits.ts';
import { readConfig } from '../../src/model/config.ts';
import { openApiDocument } from '../../src/request/machine/openapi/openapi-document.ts';
import { openApiPath } from '../../src/request/machine/openapi/operations.ts';

type Parameter = { name: string; in: string; schema: Record<string, unknown> };
const doc = openApiDocument('http://x', limitsFrom(readConfig())) as unknown as {
  paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
};
const BAD = ['abc', '0', '-1', '1.5', '99999999999999999999', '9007199254740992', '', 'x'.repeat(5000), 'a\u0001b', 'a'];
const BOUND = /\b(?:from|to|at most|at least|up to|between|and)\s+(-?\d+)/g;

/** The message a bad value gets, without the echo of the value itself; undefined when the value is accepted. */
function messageFor(schema: Parameters<typeof parseQuery>[0], name: string, value: string): string | undefined {
  try {
    parseQuery(schema, new URLSearchParams({ [name]: value }));
    return undefined;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return err.message.replace(/ \(got "[\s\S]*"\)\.$/, '.');
  }
}

describe('validation messages name only the bounds the OpenAPI document declares', () => {
  it('for every query parameter of every documented endpoint', () => {
    let checked = 0;
    for (const e of endpoints) {
      const operation = doc.paths[openApiPath(e.pattern)]?.[e.methods[0]!.toLowerCase()];
      if (!operation || !e.query) continue;
      const schema = e.query.schema();
      for (const name of Object.keys(schema.shape)) {
        const declared = operation.parameters?.find((p) => p.in === 'query' && p.name === name);
        expect(declared, `${e.id} ${name} is in the OpenAPI document`).toBeDefined();
        const bounds = ['minimum', 'maximum', 'minLength', 'maxLength', 'exclusiveMinimum', 'exclusiveMaximum']
          .map((k) => declared!.schema[k])
          .filter((v) => v !== undefined)
          .map(String);
        for (const value of BAD) {
          const message = messageFor(schema, name, value);
          if (!message) continue;
          checked++;
          for (const [, n] of message.matchAll(BOUND)) expect(bounds, `${e.id} ${name}=${value.slice(0, 20)}: ${message}`).toContain(n);
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('an integer parameter without a declared cap says what it takes, no implementation bound', () => {
    const glossary = endpoints.find((e) => e.pattern === '/api/v1/glossary')!;
    expect(messageFor(glossary.query!.schema(), 'limit', 'abc')).toBe('Query parameter "limit" must be a positive integer.');
    expect(messageFor(glossary.query!.schema(), 'page', '0')).toBe('Query parameter "page" must be a positive integer.');
  });
});
