// What the CLI prints is read on a terminal, and much of it we did not write: titles and excerpts from agents, names
// from operators, errors from endpoints, values from argv. A title holding `\e[2J\e]0;PWNED\a` or `\r\nFAKE LINE`
// must not clear the screen, retitle the window or forge a line, so every C0 and C1 control (newline aside), DEL and
// the bidi controls are shown as `\u001b`-style escapes, and each field is one line. main.ts is the one writer.

/** C0 but newline, DEL, C1, and the bidi marks and overrides that reorder what a line seems to say. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this matches
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const escapeOf = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Text for a terminal: every control shown as an escape; newlines kept (the CLI's own multi-line output). */
export const visible = (text: string): string => text.replace(CONTROL, escapeOf);

/** One field on one line: a run of whitespace (line breaks included) as one space, then visible. */
export const visibleLine = (text: string): string => visible(text.replace(/\s+/g, ' '));

/** Every string in a command's result, however deep, as one visible line: what its `human()` formats. */
export function visibleFields<T>(value: T): T {
  if (typeof value === 'string') return visibleLine(value) as T;
  if (Array.isArray(value)) return value.map(visibleFields) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [visibleLine(k), visibleFields(v)])) as T;
  return value;
}

/**
 * One JSON text on one line. JSON.stringify escapes C0 itself but leaves DEL, C1 and the bidi controls raw; escaped
 * here too, the text parses to the same value.
 */
export const jsonLine = (value: unknown): string => JSON.stringify(value).replace(CONTROL, escapeOf);
