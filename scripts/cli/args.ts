// The CLI's argv: `<group> <command> [options] [words]`, parsed by node:util's parseArgs in strict mode against the
// command's own declaration (command.ts). An unknown option, a missing value, a value given to a switch or a word
// the command does not take is a UsageError (exit 2) naming it, with a did-you-mean from the command's options.
// A flag given twice keeps every value when declared `multiple` (`--set a=1 --set b=2`); any other option that takes a
// value, given twice, is a UsageError: `--account X --account Y` must not quietly act on Y.
import { parseArgs as nodeParseArgs, type ParseArgsConfig } from 'node:util';
import { didYouMean } from '../../src/model/catalog/did-you-mean.ts';
import type { OptionSpec, Parsed, PositionalSpec } from './command.ts';

export class UsageError extends Error {}
/** A named account, project, article or delivery does not exist: exit 1. */
export class NotFoundError extends Error {}

/** What every command and the bare `skribra` take. */
export const GLOBAL_OPTIONS: Record<string, OptionSpec & { short?: string }> = {
  json: { type: 'boolean', help: 'Prints one JSON object on stdout (an error too, as {"error": {...}}).' },
  help: { type: 'boolean', short: 'h', help: 'Prints this help.' },
};

export interface Grammar {
  /** `skribra article list`, for the messages; empty for the bare `skribra`. */
  name: string;
  options: Record<string, OptionSpec & { short?: string }>;
  positionals?: PositionalSpec[];
}

/** What parseArgs' `tokens` holds (node:util's own type is not exported by name). */
type Token =
  | { kind: 'option'; name: string; rawName: string; index: number; value: string | undefined; inlineValue: boolean | undefined }
  | { kind: 'positional'; value: string }
  | { kind: 'option-terminator' };

const dash = (name: string) => (name.length === 1 ? `-${name}` : `--${name}`);
const seeHelp = (g: Grammar) => (g.name.startsWith('help') ? 'skribra help' : g.name ? `skribra ${g.name} --help` : 'skribra --help');

/**
 * Parses `argv` (the words after the command's name) against the grammar. Checks each token first, so every message
 * is ours and names the option; then parseArgs with `strict: true` gives the values.
 */
export function parseOptions(g: Grammar, argv: string[], words: string[] = []): Parsed {
  const options = { ...g.options, ...GLOBAL_OPTIONS };
  const names = Object.keys(options);
  const config: ParseArgsConfig = {
    args: argv,
    options: Object.fromEntries(
      Object.entries(options).map(([k, o]) => [k, { type: o.type, multiple: o.multiple ?? false, ...(o.short ? { short: o.short } : {}) }]),
    ),
    allowPositionals: true,
    tokens: true,
  };
  const { tokens } = nodeParseArgs({ ...config, strict: false }) as unknown as { tokens: Token[] };
  const positionals: string[] = [];
  const given = new Map<string, string>();
  const specOf = (t: Token & { kind: 'option' }) => options[t.name] ?? Object.values(options).find((o) => o.short === t.name);
  // An option the command does not have is named first, before any value of the others is judged.
  for (const t of tokens) {
    if (t.kind !== 'option' || specOf(t)) continue;
    const close = didYouMean(t.name.replace(/^-+/, ''), names, (s) => `--${s}`);
    throw new UsageError(
      `${g.name ? `${g.name} has no option` : 'there is no option'} ${t.rawName}${close ? `; did you mean ${close}?` : ''} (${seeHelp(g)} lists its options)`,
    );
  }
  for (const t of tokens) {
    if (t.kind === 'positional') positionals.push(t.value);
    if (t.kind !== 'option') continue;
    const spec = specOf(t)!;
    // `--slug -x`: parseArgs' strict mode calls a value starting with - ambiguous; so is it here.
    if (spec.type === 'string' && (t.value === undefined || (!t.inlineValue && t.value.startsWith('-')))) {
      const next = argv[t.index + 1];
      const dashed = next?.startsWith('-') ? ` (a value starting with - goes as ${t.rawName}=${next})` : '';
      throw new UsageError(`${t.rawName} needs a value: ${t.rawName} ${spec.value ?? spec.choices?.join('|') ?? 'VALUE'}${dashed}`);
    }
    if (spec.choices && t.value !== undefined && !spec.choices.includes(t.value)) {
      const close = didYouMean(t.value, spec.choices, (c) => c);
      throw new UsageError(
        `${t.rawName} must be one of ${spec.choices.join(', ')} (got ${t.value}${close ? `; did you mean ${close}?` : ''})`,
      );
    }
    if (spec.type === 'boolean' && t.inlineValue)
      throw new UsageError(`${t.rawName} is a switch and takes no value (got ${t.rawName}=${t.value})`);
    // Keyed by the long name, so a short and a long spelling count as one option. A switch twice says the same twice.
    if (spec.type === 'string' && !spec.multiple && given.has(t.name))
      throw new UsageError(`${dash(t.name)} is given twice (${given.get(t.name)}, then ${t.value}); it takes one value: give it once`);
    given.set(t.name, t.value ?? '');
  }
  const expected = g.positionals ?? [];
  if (positionals.length > expected.length) {
    const extra = positionals[expected.length]!;
    throw new UsageError(
      `${g.name ? `${g.name} takes` : 'skribra takes'} ${expected.length ? `only ${expected.map((p) => p.name).join(' ')} after its options` : 'no words besides its options'}, not "${extra}" (${seeHelp(g)})`,
    );
  }
  // Every token is known: the strict parse should not fail now (if it does, its message is still a usage error).
  let values: Record<string, string | boolean | string[]>;
  try {
    values = (nodeParseArgs({ ...config, strict: true }) as unknown as { values: typeof values }).values;
  } catch (err) {
    throw new UsageError(`${(err as Error).message.split('\n')[0]} (${seeHelp(g)})`);
  }
  const flags = new Map<string, string | true>();
  const all = new Map<string, string[]>();
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === false) continue;
    if (Array.isArray(v)) {
      const list = v.filter((x): x is string => typeof x === 'string');
      if (!list.length) continue;
      all.set(k, list);
      flags.set(k, list.at(-1)!);
    } else {
      flags.set(k, v === true ? true : String(v));
      if (v !== true) all.set(k, [String(v)]);
    }
  }
  return { words: [...words, ...positionals], flags, all };
}

/** The options and words a command requires, once parsing succeeded (help asked for needs none of them). */
export function checkRequired(g: Grammar, p: Parsed, skip: number): void {
  for (const [name, o] of Object.entries(g.options))
    if (o.required && !p.flags.has(name)) throw new UsageError(`${dash(name)} is required`);
  const expected = g.positionals ?? [];
  const given = p.words.length - skip;
  if (given < expected.length) throw new UsageError(`${g.name} needs ${expected[given]!.name} after its options (${seeHelp(g)})`);
}

export function flag(p: Parsed, name: string): string | undefined {
  const v = p.flags.get(name);
  if (v === true) throw new UsageError(`--${name} needs a value`);
  return v;
}

export function required(p: Parsed, name: string): string {
  const v = flag(p, name);
  if (!v) throw new UsageError(`--${name} is required`);
  return v;
}

/** `--limit N`: an integer from 1 to 1000, `fallback` when not given. */
export function limit(p: Parsed, fallback = 50): number {
  const raw = flag(p, 'limit');
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > 1000) throw new UsageError(`--limit must be an integer from 1 to 1000 (got ${raw})`);
  return n;
}

/** A flag whose value must be one of `values`. */
export function oneOf<T extends string>(p: Parsed, name: string, values: readonly T[]): T | undefined {
  const v = flag(p, name);
  if (v === undefined) return undefined;
  if (!(values as readonly string[]).includes(v)) {
    const close = didYouMean(v, values, (s) => s);
    throw new UsageError(`--${name} must be one of ${values.join(', ')} (got ${v}${close ? `; did you mean ${close}?` : ''})`);
  }
  return v as T;
}

export function httpUrl(value: string, name: string): string {
  try {
    const u = new URL(value);
    if (u.protocol === 'http:' || u.protocol === 'https:') return value;
  } catch {
    /* fall through */
  }
  throw new UsageError(`--${name} must be an absolute http(s) URL (got ${value})`);
}
