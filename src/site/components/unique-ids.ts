/**
 * Makes the ids of an article body unique on its page, as stored HTML may repeat one (two "Sources" headings) or use
 * one the template already has (`main`, `related`): a later or reserved id gets the first free `-2`, `-3`... suffix,
 * and the table of contents' links follow, the nth link to `#x` going to the nth element that had id `x`. The HTML
 * is the store's sanitised HTML, whose attributes are double-quoted.
 */
export function uniqueIds(body: string, toc: string | undefined, reserved: readonly string[]): { body: string; toc: string | undefined } {
  const ID = /(\sid=")([^"]*)(")/g;
  const taken = new Set(reserved);
  // A new name avoids the ids the body has further on, so renaming one never makes another repeat.
  const present = new Set([...body.matchAll(ID)].map((m) => m[2]!));
  /** For each original id, the ids its elements got, in document order. */
  const given = new Map<string, string[]>();
  const newBody = body.replace(ID, (_m, open: string, id: string, close: string) => {
    let next = id;
    if (taken.has(id)) {
      let n = 2;
      while (taken.has(`${id}-${n}`) || present.has(`${id}-${n}`)) n++;
      next = `${id}-${n}`;
    }
    taken.add(next);
    given.set(id, [...(given.get(id) ?? []), next]);
    return `${open}${next}${close}`;
  });
  const used = new Map<string, number>();
  const newToc = toc?.replace(/(\shref="#)([^"]*)(")/g, (m, open: string, id: string, close: string) => {
    const ids = given.get(id);
    if (!ids) return m;
    const n = used.get(id) ?? 0;
    used.set(id, n + 1);
    return `${open}${ids[Math.min(n, ids.length - 1)]}${close}`;
  });
  return { body: newBody, toc: newToc };
}
