// A command's usage line and option list, generated from its declaration (command.ts): what the parser accepts is
// what the help says.
import { GLOBAL_OPTIONS } from './args.ts';
import type { Command, OptionSpec } from './command.ts';

const placeholder = (o: OptionSpec) => o.value ?? o.choices?.join('|') ?? 'VALUE';
const form = (name: string, o: OptionSpec) => `--${name}${o.type === 'string' ? ` ${placeholder(o)}` : ''}`;

/** `article list --project ID [--state published|...] [--limit N]`: required options bare, others in brackets. */
export function usageOf(name: string, cmd: Command): string {
  const opts = Object.entries(cmd.options).map(([n, o]) => {
    const f = form(n, o);
    const many = o.multiple ? ` [${f} ...]` : '';
    return o.required ? `${f}${many}` : `[${f}]${many}`;
  });
  return [name, ...opts, ...(cmd.positionals ?? []).map((p) => p.name)].join(' ');
}

/** The help's option list: each option (and each word after them) with its sentence, aligned. */
export function optionsHelp(cmd: Command): string {
  const rows: [string, string][] = [
    ...Object.entries(cmd.options).map(([n, o]): [string, string] => [form(n, o), `${o.required ? '(required) ' : ''}${o.help}`]),
    ...(cmd.positionals ?? []).map((p): [string, string] => [p.name, `(required) ${p.help}`]),
    ...Object.entries(GLOBAL_OPTIONS).map(([n, o]): [string, string] => [`${form(n, o)}${o.short ? `, -${o.short}` : ''}`, o.help]),
  ];
  const width = Math.max(...rows.map(([f]) => f.length));
  return ['Options:', ...rows.map(([f, h]) => `  ${f.padEnd(width)}  ${h}`)].join('\n');
}
