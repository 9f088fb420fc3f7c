/** Splits a markdown body into its `##` sections; `##` lines inside fenced code blocks are content, not headings. */
export function splitSections(markdown: string): { intro: string; sections: { heading: string; content: string }[] } {
  const sections: { heading: string; lines: string[] }[] = [];
  const intro: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const f = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (f && (!fence || f.startsWith(fence))) fence = fence ? undefined : f;
    const heading = !fence && /^## +(.+?)\s*#*\s*$/.exec(line)?.[1];
    if (heading) sections.push({ heading, lines: [] });
    else (sections.at(-1)?.lines ?? intro).push(line);
  }
  return {
    intro: intro.join('\n').trim(),
    sections: sections.map((s) => ({ heading: s.heading, content: s.lines.join('\n').trim() })),
  };
}
