// Every field of the OpenAPI document's schemas says what it is (issue 25): its description comes from the zod
// schema's `.meta({ description })` (JSDoc comments never reach the document). A field that is a bare `$ref` takes the
// description of the schema it names, as renderers show it.
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/request/machine/openapi/openapi-document.ts';
import { limitsFrom } from '../../src/request/api/content/limits.ts';
import { readConfig } from '../../src/model/config.ts';

type Json = Record<string, unknown>;

const schemas = openApiDocument('http://localhost:4321', limitsFrom(readConfig())).components.schemas as Record<string, Json>;
const refName = (ref: string) => ref.replace('#/components/schemas/', '');

/** `Where.field` of every property, nested objects, array items and union members included, with its problem if any. */
function fields(): { path: string; problem?: string }[] {
  const out: { path: string; problem?: string }[] = [];
  const walk = (node: unknown, path: string): void => {
    if (Array.isArray(node)) {
      node.forEach((n, i) => walk(n, `${path}(${i + 1})`));
      return;
    }
    if (!node || typeof node !== 'object') return;
    const o = node as Json;
    for (const [key, value] of Object.entries(o)) {
      if (key === 'properties') {
        for (const [name, prop] of Object.entries(value as Record<string, Json>)) {
          const at = `${path}.${name}`;
          const ref = typeof prop.$ref === 'string' ? refName(prop.$ref) : undefined;
          const described = typeof prop.description === 'string' && prop.description.trim() !== '';
          const problem = described
            ? undefined
            : ref === undefined
              ? 'no description'
              : typeof schemas[ref]?.description === 'string'
                ? undefined
                : `no description, and ${ref}, which it refers to, has none`;
          out.push({ path: at, problem });
          walk(prop, at);
        }
      } else walk(value, key === 'items' ? `${path}[]` : key === 'anyOf' || key === 'oneOf' || key === 'allOf' ? path : `${path}/${key}`);
    }
  };
  for (const [name, schema] of Object.entries(schemas)) walk(schema, name);
  return out;
}

describe('the OpenAPI document describes every field', () => {
  const all = fields();

  it('finds the fields it checks', () => {
    expect(all.length).toBeGreaterThan(300);
  });

  it('gives each a description (from `.meta({ description })` on its zod schema)', () => {
    const missing = all.filter((f) => f.problem).map((f) => `${f.path}: ${f.problem}`);
    expect(missing, `${missing.length} fields without a description:\n${missing.join('\n')}`).toEqual([]);
  });
});
