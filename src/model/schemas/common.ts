import * as z from 'astro/zod';

export const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'must be lower case letters, digits and single hyphens' })
  .meta({ description: 'The key in its URL and API path: lower case letters, digits and single hyphens.' });
/** Frontmatter dates arrive as Date (YAML) or strings; the API always says YYYY-MM-DD. */
export const isoDate = z.union([z.date(), z.iso.date()]).transform((d) => (d instanceof Date ? d.toISOString().slice(0, 10) : d));
export const absoluteUrl = z.url({ protocol: /^https?$/ });
export const faq = z
  .object({
    question: z.string().min(1).meta({ description: 'The question, as a reader would ask it.' }),
    answer: z.string().min(1).meta({ description: 'The answer, in markdown.' }),
  })
  .strict();
export const source = z
  .object({
    title: z.string().min(1).meta({ description: "The source's title." }),
    url: absoluteUrl.meta({ description: 'Where it is (absolute URL).' }),
  })
  .strict();
/** `url` and `markdown_url` of every public resource: absolute, built from SITE_URL. */
export const links = {
  url: absoluteUrl.meta({ description: 'Its page on the site (absolute URL).' }),
  markdown_url: absoluteUrl.meta({ description: 'The same page as markdown (absolute URL).' }),
};
