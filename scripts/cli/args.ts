// A small argv parser: `<group> <command> [positionals] --flag value --switch`. A flag given twice keeps every
// value (`--set a=1 --set b=2`); `flag()` reads the last one.
export interface Parsed {
  words: string[];
  flags: Map<string, string | true>;
  all: Map<string, string[]>;
}

const SWITCHES = new Set(['json', 'help', 'h', 'permanent', 'off', 'rotate-secret', 'version', 'replace']);

export class UsageError extends Error {}
/** A named account, project, article or delivery does not exist: exit 1. */
export class NotFoundError extends Error {}

export function parseArgs(argv: string[]): Parsed {
  const words: string[] = [];
  const flags = new Map<string, string | true>();
  const all = new Map<string, string[]>();
  const set = (name: string, value: string | true) => {
    flags.set(name, value);
    if (value !== true) all.set(name, [...(all.get(name) ?? []), value]);
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--') || a === '-h') {
      const eq = a.indexOf('=');
      const name = eq > 0 ? a.slice(2, eq) : a.replace(/^-+/, '');
      if (eq > 0) set(name, a.slice(eq + 1));
      else if (SWITCHES.has(name)) set(name, true);
      else {
        const v = argv[i + 1];
        if (v === undefined || v.startsWith('--')) throw new UsageError(`--${name} needs a value`);
        set(name, v);
        i++;
      }
    } else words.push(a);
  }
  return { words, flags, all };
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
  if (!(values as readonly string[]).includes(v)) throw new UsageError(`--${name} must be one of ${values.join(', ')} (got ${v})`);
  return v as T;
}

export function httpUrl(value: string, name: string, allowPath = false): string {
  if (allowPath && /^\/(?!\/)\S*$/.test(value)) return value;
  try {
    const u = new URL(value);
    if (u.protocol === 'http:' || u.protocol === 'https:') return value;
  } catch {
    /* fall through */
  }
  throw new UsageError(`--${name} must be an absolute http(s) URL${allowPath ? ' or a path starting with /' : ''}: ${value}`);
}
