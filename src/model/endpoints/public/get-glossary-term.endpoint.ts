// GET /api/v1/glossary/{slug}: one term, whole; a file of the build for each term.
import { single } from '../../schemas/envelope.ts';
import { GlossaryTerm } from '../../schemas/glossary.ts';
import { PUBLIC_BASE } from '../bases.ts';
import { once } from '../../core/once.ts';
import { lazyObject } from '../lazy-object.ts';
import { slugSegment } from '../params.ts';
import { publicEndpoint } from './public-endpoint.ts';

export const getGlossaryTerm = publicEndpoint('getGlossaryTerm', '/glossary/:slug', {
  path: lazyObject({ slug: slugSegment }),
  output: once(() => single(GlossaryTerm)),
  static: { file: `${PUBLIC_BASE}/glossary/:slug.json`, slugs: 'terms' },
  doc: {
    tag: 'Glossary',
    ok: 'GlossaryTermResponse',
    errors: [404],
    summary: 'One glossary term with every section and source.',
    description: 'The whole term: definition, TL;DR, sections, key points, related terms and sources.',
  },
  tool: {
    name: 'get_glossary_term',
    title: 'Get a glossary term',
    description:
      "One SEO glossary term, whole: definition, TL;DR, sections, key points, related terms and sources. The slug is the last part of the term's URL (canonical-url for /glossary/canonical-url/); find slugs with search or with list (collection glossary). An unknown slug is not_found. The same answer as GET /api/v1/glossary/{slug}.",
    args: { slug: "The term's slug, such as canonical-url." },
  },
});
