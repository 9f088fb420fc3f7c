// Typed views of the collection's entries (the loader stores `SkribraEntryData`, keyed by slug).
import { getCollection } from 'astro:content';
import type { SkribraEntryData } from '@skribra/content/astro';

export async function entries(): Promise<{ slug: string; data: SkribraEntryData }[]> {
  return (await getCollection('articles')).map((e) => ({ slug: e.id, data: e.data as unknown as SkribraEntryData }));
}
