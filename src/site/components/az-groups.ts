/** Terms under the letters A–Z (digits and symbols under "#", first), sorted by title; every letter is present. */
export function azGroups<T extends { title: string }>(terms: readonly T[]): { letter: string; id: string; terms: T[] }[] {
  const letters = ['#', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
  const sorted = [...terms].sort((a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }));
  return letters
    .map((letter) => ({
      letter,
      id: letter === '#' ? 'num' : letter.toLowerCase(),
      terms: sorted.filter((t) => {
        const first = t.title.trim()[0]!.toUpperCase();
        return letter === '#' ? !/[A-Z]/.test(first) : first === letter;
      }),
    }))
    .filter((g) => g.letter !== '#' || g.terms.length > 0);
}
