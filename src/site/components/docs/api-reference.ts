// The API reference pages, read from the OpenAPI document the site serves (openApiDocument): the operations under
// one path prefix, grouped by tag, each with its parameters, response fields, errors and a curl example.
type Schema = {
  $ref?: string;
  type?: string | string[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  enum?: unknown[];
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  format?: string;
  default?: unknown;
};
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}
interface Operation {
  operationId: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: object[];
  parameters?: Parameter[];
  responses: Record<string, { description: string; content?: Record<string, { schema?: Schema }> }>;
}
export interface OpenApiDoc {
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface RefField {
  name: string;
  type: string;
  required: boolean;
  description: string;
}
export interface RefOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  auth: boolean;
  params: (RefField & { in: string })[];
  fields: RefField[];
  errors: { status: string; description: string }[];
  curl: string;
}

export function apiReference(doc: OpenApiDoc, prefix: string, site: string, examples: Record<string, string> = {}) {
  const schemas = doc.components?.schemas ?? {};
  const resolve = (s: Schema | undefined): Schema | undefined => (s?.$ref ? resolve(schemas[s.$ref.split('/').pop()!]) : s);
  const typeOf = (s: Schema | undefined): string => {
    if (!s) return 'any';
    if (s.$ref) return s.$ref.split('/').pop()!;
    if (s.enum) return s.enum.map((e) => JSON.stringify(e)).join(' | ');
    if (s.anyOf ?? s.oneOf)
      return (s.anyOf ?? s.oneOf)!
        .map(typeOf)
        .filter((t) => t !== 'null')
        .join(' | ');
    if (s.allOf) return s.allOf.map(typeOf).join(' & ');
    const t = ([] as string[])
      .concat(s.type ?? 'object')
      .filter((x) => x !== 'null')
      .join(' | ');
    return t === 'array' ? `${typeOf(s.items)}[]` : s.format ? `${t} (${s.format})` : t;
  };
  const fieldsOf = (s: Schema | undefined, prefixName = '', depth = 0): RefField[] => {
    const r = resolve(s);
    if (!r?.properties) return [];
    return Object.entries(r.properties).flatMap(([name, p]) => {
      const field = {
        name: `${prefixName}${name}`,
        type: typeOf(p),
        required: r.required?.includes(name) ?? false,
        description: resolve(p)?.description ?? p.description ?? '',
      };
      // The envelope's `data` (and a list's items) are what a reader wants to see: one level further.
      const inner = resolve(p);
      const nested =
        depth < 1 && (name === 'data' || name === 'items')
          ? fieldsOf(inner?.type === 'array' || inner?.items ? inner.items : p, `${field.name}${inner?.items ? '[]' : ''}.`, depth + 1)
          : [];
      return [field, ...nested];
    });
  };
  const operations: (RefOperation & { tag: string })[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith(prefix)) continue;
    for (const [method, op] of Object.entries(methods)) {
      const auth = (op.security ?? []).length > 0;
      const params = (op.parameters ?? [])
        .filter((p) => p.in !== 'header')
        .map((p) => ({ name: p.name, in: p.in, type: typeOf(p.schema), required: !!p.required, description: p.description ?? '' }));
      const ok = op.responses['200']?.content?.['application/json']?.schema;
      const query = params
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => `${p.name}=${examples[p.name] ?? `<${p.name}>`}`)
        .join('&');
      const url = `${site}${path.replace(/\{(\w+)\}/g, (_, n: string) => examples[`${path}:${n}`] ?? examples[n] ?? `<${n}>`)}${query ? `?${query}` : ''}`;
      operations.push({
        tag: op.tags?.[0] ?? 'Other',
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? '',
        description: op.description ?? '',
        auth,
        params,
        fields: fieldsOf(ok),
        errors: Object.entries(op.responses)
          .filter(([s]) => Number(s) >= 400)
          .map(([status, r]) => ({ status, description: r.description })),
        curl: `curl '${url}'${auth ? ' \\\n  -H "Authorization: Bearer $SKRIBRA_API_KEY"' : ''}`,
      });
    }
  }
  const tags = [...new Set(operations.map((o) => o.tag))];
  return tags.map((tag) => ({
    tag,
    description: doc.tags?.find((t) => t.name === tag)?.description,
    operations: operations.filter((o) => o.tag === tag),
  }));
}

/** The id of a tag's heading in the reference. */
export const tagAnchor = (tag: string) => `tag-${tag.replace(/\W+/g, '-').toLowerCase()}`;
/** The id of an operation's heading in the reference. */
export const operationAnchor = (operationId: string) => `op-${operationId.replace(/[^a-zA-Z0-9]+/g, '-').toLowerCase()}`;

/** The reference's headings for its "On this page" column: each tag, and under it each operation by its summary. */
export function referenceHeadings(groups: ReturnType<typeof apiReference>): { depth: number; id: string; text: string }[] {
  return groups.flatMap((g) => [
    { depth: 2, id: tagAnchor(g.tag), text: g.tag },
    ...g.operations.map((op) => ({ depth: 3, id: operationAnchor(op.id), text: op.summary || `${op.method} ${op.path}` })),
  ]);
}

/**
 * An identifier (a field name, a type, a path) as HTML that a line may break only after `.`, `_`, `/` or `|` (a
 * `<wbr>` there) or at a space, never inside a word: `data.content_html` breaks as `data.` `content_` `html`, and a
 * hyphenated word (`date-time`) is kept whole.
 */
export function identifierHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([._/|])(?=[^\s._/|])/g, '$1<wbr>')
    .replace(/[^\s._/|<>]*-[^\s._/|<>]*/g, (word) => `<span class="nowrap">${word}</span>`);
}
