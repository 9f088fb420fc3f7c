import type { FAQPage } from 'schema-dts';

/** FAQs as a FAQPage; answers are the plain text of their markdown (links kept as text). */
export function faqPage(url: string, faqs: readonly { question: string; answer: string }[]): FAQPage {
  return {
    '@type': 'FAQPage',
    '@id': `${url}#faqs`,
    mainEntity: faqs.map((f) => ({
      '@type': 'Question',
      name: f.question,
      acceptedAnswer: { '@type': 'Answer', text: plainText(f.answer) },
    })),
  };
}

/** Markdown to the text a reader sees: links become their text, emphasis and code marks go. */
export const plainText = (md: string): string =>
  md
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
