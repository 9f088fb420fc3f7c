// schema.org's vocabulary as schema-dts ships it (its declarations are generated from schema.org's own data):
// which types exist and which properties each accepts, inherited ones included. The JSON-LD tests check every node
// of every page against it, so a misspelt type or a property a type does not have fails.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const dts = readFileSync(require.resolve('schema-dts').replace(/schema\.js$/, 'schema.d.ts'), 'utf8');

const bases = new Map<string, { parents: string[]; props: string[] }>();
for (const m of dts.matchAll(/^interface (\w+Base)(?: extends ([^{]+))? \{\n([\s\S]*?)^\}/gm)) {
  bases.set(m[1]!, {
    parents: m[2]
      ? m[2]
          .split(/,\s*/)
          .map((p) => p.trim())
          .filter((p) => /^\w+$/.test(p))
      : [],
    props: [...m[3]!.matchAll(/^ {4}"([\w-]+)"\?:/gm)].map((p) => p[1]!),
  });
}
const leaves = new Map<string, string[]>();
for (const m of dts.matchAll(/^export interface (\w+)Leaf extends ([\w, ]+) \{\n\s*"@type": "([\w:]+)";/gm))
  leaves.set(m[3]!, m[2]!.split(/,\s*/));

const cache = new Map<string, Set<string>>();
function baseProps(base: string, seen = new Set<string>()): string[] {
  if (seen.has(base)) return [];
  seen.add(base);
  const b = bases.get(base);
  return b ? [...b.props, ...b.parents.flatMap((p) => baseProps(p, seen))] : [];
}

/** The properties a schema.org type accepts, or undefined when the type does not exist. */
export function propertiesOf(type: string): Set<string> | undefined {
  if (cache.has(type)) return cache.get(type);
  const parents = leaves.get(type);
  if (!parents) return undefined;
  const props = new Set(parents.flatMap((p) => baseProps(p)));
  cache.set(type, props);
  return props;
}

/** Every problem with a JSON-LD value against the vocabulary: unknown types, properties a type does not have. */
export function vocabularyProblems(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => vocabularyProblems(v, `${path}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  const node = value as Record<string, unknown>;
  if (node['@graph']) return vocabularyProblems(node['@graph'], `${path}.@graph`);
  const types = node['@type'] === undefined ? [] : ([] as unknown[]).concat(node['@type']);
  const problems: string[] = [];
  const allowed = types.map((t) => {
    const props = typeof t === 'string' ? propertiesOf(t) : undefined;
    if (!props) problems.push(`${path}: unknown type ${JSON.stringify(t)}`);
    return props;
  });
  for (const [key, v] of Object.entries(node)) {
    if (key.startsWith('@')) continue;
    // A node with only an @id is a reference; a typed node must use its type's properties.
    // Actions also take "{property}-input" constraints (schema.org's SearchAction "query-input").
    const constraint = /^[a-z]\w*-(input|output)$/.test(key) && allowed.some((p) => p?.has('actionStatus'));
    if (types.length && !constraint && !allowed.some((p) => p?.has(key)))
      problems.push(`${path}: ${types.join('/')} has no property "${key}"`);
    problems.push(...vocabularyProblems(v, `${path}.${key}`));
  }
  if (!types.length && Object.keys(node).some((k) => !k.startsWith('@'))) problems.push(`${path}: a node with properties but no @type`);
  return problems;
}
