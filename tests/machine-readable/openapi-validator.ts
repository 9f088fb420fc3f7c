// Validates real responses against the OpenAPI document: the response schema of (path, method GET, status) is
// compiled with Ajv's 2020-12 dialect (OpenAPI 3.1's), $refs resolved inside the document itself.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiPath } from '../../src/request/machine/openapi/operations.ts';

type Doc = { paths: Record<string, { get: { responses: Record<string, { content?: Record<string, { schema: unknown }> }> } }> };

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export function responseValidator(doc: Doc) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc as object, 'openapi.json');
  return function validate(pattern: string, status: number, body: unknown): string[] {
    const path = openApiPath(pattern);
    const res = doc.paths[path]?.get.responses[String(status)];
    if (!res) return [`no ${status} response documented for ${path}`];
    if (!res.content) return body === undefined || body === '' ? [] : [`${path} ${status} documents no body`];
    const check = ajv.getSchema(
      `openapi.json#/${pointer('paths', path, 'get', 'responses', String(status), 'content', 'application/json', 'schema')}`,
    );
    if (!check) return [`cannot compile the schema of ${path} ${status}`];
    return check(body)
      ? []
      : (check.errors ?? []).map((e) => `${path} ${status}: ${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
  };
}
