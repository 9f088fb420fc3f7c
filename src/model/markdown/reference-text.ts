/**
 * The link text of a `[[slug]]` reference that names no text of its own: the term's title, with its first letter
 * lowered when the reference sits mid-sentence ("the [[click-through-rate]] fell" reads "the click-through rate (CTR)
 * fell", not "the Click-through rate (CTR) fell"). Titles are sentence case, so a title keeps its capital when its
 * first word is an acronym or brand ("AI Overviews", "JavaScript SEO", "E-E-A-T") or when a later word is
 * capitalised, which marks a proper name ("Google Search Console", "Core Web Vitals").
 */
export function referenceText(title: string, before: string): string {
  return midSentence(before) && !isProperName(title) ? title[0]!.toLowerCase() + title.slice(1) : title;
}

/** True when the text before a reference on its line ends inside a sentence (after a word, a comma, a bracket...). */
export function midSentence(before: string): boolean {
  const line = before.slice(before.lastIndexOf('\n') + 1).trimEnd();
  // The start of a line, list item, heading, table cell or emphasis run, or the end of a sentence, starts a sentence.
  const stripped = line.replace(/(\*\*|__|\*|_)+$/, '').trimEnd();
  if (/^(\s*([-*+]|\d+[.)]|#+|>)?\s*)$/.test(stripped)) return false;
  return !/[.!?:|]$/.test(stripped);
}

/** A title whose first word is an acronym or mixed-case brand, or with a capitalised later word (a proper name). */
export function isProperName(title: string): boolean {
  const [first = '', ...rest] = title.split(/\s+/);
  if (/^[^a-z]*$/.test(first) || /[A-Z]/.test(first.slice(1))) return true;
  return rest.some((w) => /^[A-Z][a-z]/.test(w));
}
