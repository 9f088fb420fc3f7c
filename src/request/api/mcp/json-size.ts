// The UTF-8 length of `JSON.stringify(value)`, counted without making the string. Weighing each MCP response by
// serialising it cost as much as the transport's own serialisation of the answer (a 4-call batch of whole glossary
// pages: 2 MB made and encoded twice); counting is a walk over the same values with no allocation.

/** Bytes of one string as JSON: its quotes, its escapes, and UTF-8 for the rest (a lone surrogate is `\uXXXX`). */
function stringSize(s: string): number {
  let n = 2;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20) n += c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d ? 2 : 6;
    else if (c === 0x22 || c === 0x5c) n += 2;
    else if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 6;
    } else if (c >= 0xdc00 && c <= 0xdfff) n += 6;
    else n += 3;
  }
  return n;
}

/** Bytes of `JSON.stringify(value)` for plain JSON data (no toJSON, no cycles); 0 where it writes nothing. */
export function jsonSize(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return stringSize(value);
    case 'number':
      return Number.isFinite(value) ? String(value).length : 4;
    case 'boolean':
      return value ? 4 : 5;
    case 'object': {
      if (value === null) return 4;
      if (Array.isArray(value)) {
        let n = 2 + Math.max(0, value.length - 1);
        for (const item of value) n += item === undefined || typeof item === 'function' || typeof item === 'symbol' ? 4 : jsonSize(item);
        return n;
      }
      let n = 2;
      let fields = 0;
      for (const [key, item] of Object.entries(value)) {
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
        n += stringSize(key) + 1 + jsonSize(item);
        fields++;
      }
      return n + Math.max(0, fields - 1);
    }
    default:
      return 0;
  }
}
