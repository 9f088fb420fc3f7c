// A small argv parser: `<group> <command> [positionals] --flag value --switch`.
export interface Parsed { words: string[]; flags: Map<string, string | true> }

const SWITCHES = new Set(['json', 'help', 'h', 'permanent', 'off', 'rotate-secret']);

export class UsageError extends Error {}
/** A named account, project, article or delivery does not exist: exit 1. */
export class NotFoundError extends Error {}

export function parseArgs(argv: string[]): Parsed {
  const words: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--') || a === '-h') {
      const eq = a.indexOf('=');
      const name = (eq > 0 ? a.slice(2, eq) : a.replace(/^-+/, ''));
      if (eq > 0) flags.set(name, a.slice(eq + 1));
      else if (SWITCHES.has(name)) flags.set(name, true);
      else {
        const v = argv[i + 1];
        if (v === undefined || v.startsWith('--')) throw new UsageError(`--${name} needs a value`);
        flags.set(name, v);
        i++;
      }
    } else words.push(a);
  }
  return { words, flags };
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

export function httpUrl(value: string, name: string, allowPath = false): string {
  if (allowPath && /^\/(?!\/)\S*$/.test(value)) return value;
  try {
    const u = new URL(value);
    if (u.protocol === 'http:' || u.protocol === 'https:') return value;
  } catch { /* fall through */ }
  throw new UsageError(`--${name} must be an absolute http(s) URL${allowPath ? ' or a path starting with /' : ''}: ${value}`);
}
