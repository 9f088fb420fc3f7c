// Where the yaml package puts a YAML error, as an offset of the text it parsed: the parser's own position (its
// `pos`), not a line count redone by hand. A quoted value that is never closed is placed at its opening quote, where
// the parser's tokens start it: the error itself is found where the text runs out, often lines later.
import { Parser, parseDocument } from 'yaml';

export interface YamlErrorAt {
  /** Character offset in the parsed text. */
  offset: number;
  /** The parser's message, first line, without its own "at line N, column M". */
  message: string;
}

const QUOTED = /^(double|single)-quoted-scalar$/;
const closed = (source: string) => (source.startsWith('"') ? /^"(?:[^"\\]|\\[\s\S])*"$/ : /^'(?:[^']|'')*'$/).test(source);

/** The offset of the first quoted value in `text` that the parser saw opened and never closed. */
function unclosedQuote(text: string): number | undefined {
  let found: number | undefined;
  const walk = (node: unknown): void => {
    if (found !== undefined || !node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    const token = node as { type?: string; offset?: number; source?: string };
    if (QUOTED.test(token.type ?? '') && typeof token.source === 'string' && !closed(token.source)) found = token.offset;
    else for (const value of Object.values(node)) walk(value);
  };
  for (const token of new Parser().parse(text)) walk(token);
  return found;
}

/** The first error of `text` as YAML, or undefined when it parses. */
export function yamlErrorAt(text: string): YamlErrorAt | undefined {
  const [error] = parseDocument(text).errors;
  if (!error) return undefined;
  const message = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  const quote = error.code === 'MISSING_CHAR' && /quote/.test(message) ? unclosedQuote(text) : undefined;
  if (quote !== undefined) return { offset: quote, message: `${message}: the quoted value that starts here is never closed` };
  return { offset: error.pos[0], message };
}
