/** Edit distance (insertions, deletions, substitutions and swaps of neighbours), stopping early past `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    before = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/** A word as a person means it: case, spaces, hyphens and underscores aside (`Technical SEO` is `technical-seo`). */
const folded = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * The candidate closest to `word`, quoted, when it is close enough to be a typo, else undefined: one that differs only
 * in case, spaces, hyphens or underscores (`technical-SEO` -> `"technical-seo"`), else the nearest in lower case within
 * a third of the word's length, at least 2 edits (`[[xml-sitemapp]]` -> `"xml-sitemap"`).
 */
export function didYouMean(word: string, candidates: Iterable<string>, quote = (s: string) => `"${s}"`): string | undefined {
  const list = [...candidates];
  const same = list.find((c) => c !== word && folded(c) === folded(word));
  if (same !== undefined) return quote(same);
  const lower = word.toLowerCase();
  const limit = Math.max(2, Math.floor(word.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const c of list) {
    const d = editDistance(lower, c.toLowerCase(), Math.min(limit, bestDistance));
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best === undefined ? undefined : quote(best);
}
