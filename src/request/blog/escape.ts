/** Text or attribute value into HTML or XML. */
export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * Characters XML 1.0 cannot carry at all, not even as references (C0 but tab and line breaks, U+FFFE, U+FFFF and lone
 * surrogates; with the `u` flag the surrogate range matches only a lone one): one of them in a title would make the
 * whole feed unreadable, so each becomes U+FFFD.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this matches
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/gu;

/** Text as XML character data or an attribute value: what a reader shows as plain text. */
export const xmlText = (s: string): string => escapeHtml(s.replace(NOT_XML, '\ufffd'));

/**
 * Text inside an element whose content is HTML after XML decoding, such as an RSS `<description>`: escaped for HTML,
 * then for XML, so `<img onerror=…>` in an excerpt reaches a reader as those characters, never as an element.
 */
export const htmlInXml = (s: string): string => xmlText(escapeHtml(s));

/** JSON inside <script type="application/ld+json">: `<` escaped so a string can never close the script element. */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
